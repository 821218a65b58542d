import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { LogoutAllRequest } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/logout-all: every session of the account ends, this one included, and every API key unless `revoke_api_keys` is false. */
export async function logoutEverywhere(input: LogoutAllRequest): Promise<void> {
  await apiRequest('/auth/logout-all', { method: 'POST', json: input });
}

export const useLogoutEverywhere = () => useMutation(mutationOptions({ mutationFn: logoutEverywhere }));
