import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';

/** DELETE /account: the account and everything in it, confirmed with the password. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await apiRequest('/account', { method: 'DELETE', json: input });
}

export const useDeleteAccount = () => useMutation(mutationOptions({ mutationFn: deleteAccount }));
