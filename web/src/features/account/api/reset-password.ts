import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/password/reset: a new password with the mailed token. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiRequest('/auth/password/reset', { method: 'POST', json: input, auth: false });
}

export const useResetPassword = () => useMutation(mutationOptions({ mutationFn: resetPassword }));
