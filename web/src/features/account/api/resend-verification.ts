import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { acceptedDetail } from './contract';

/** POST /account/email/verification: the verification mail again; resolves with the server's words. */
export async function resendVerification() {
  return acceptedDetail(await apiRequest('/account/email/verification', { method: 'POST' }));
}

export const useResendVerification = () => useMutation(mutationOptions({ mutationFn: resendVerification }));
