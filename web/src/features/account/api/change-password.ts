import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';
import { setAccessToken } from '@/lib/auth-token';

/** PUT /auth/password: the answer's token replaces the stored one (every other session has ended). */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const { TokenResponse } = await import('@shared/contract/auth');
  const { access_token } = await apiRequest('/auth/password', { method: 'PUT', json: input, schema: TokenResponse });
  setAccessToken(access_token);
}

export const useChangePassword = () => useMutation(mutationOptions({ mutationFn: changePassword }));
