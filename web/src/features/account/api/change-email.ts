import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@shared/contract/account';
import { apiRequest } from '@/lib/api-client';
import { acceptedDetail } from './contract';

/** POST /account/email: a confirmation link goes to the new address; resolves with the server's words. */
export async function changeEmail(input: ChangeEmailRequest) {
  return acceptedDetail(await apiRequest('/account/email', { method: 'POST', json: input }));
}

export const useChangeEmail = () => useMutation(mutationOptions({ mutationFn: changeEmail }));
