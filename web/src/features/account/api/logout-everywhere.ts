import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/logout-all: every session of the account ends, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await apiRequest('/auth/logout-all', { method: 'POST' });
}

export const useLogoutEverywhere = () => useMutation(mutationOptions({ mutationFn: logoutEverywhere }));
