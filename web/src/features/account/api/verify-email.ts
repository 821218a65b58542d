import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountContract } from './contract';

/** POST /account/email/verify: the mailed token confirms the address (no session needed). */
export async function verifyEmail(token: string) {
  return apiRequest('/account/email/verify', { method: 'POST', json: { token }, auth: false, schema: (await accountContract()).VerifyEmailResponse });
}

export const useVerifyEmail = () => useMutation(mutationOptions({ mutationFn: verifyEmail }));
