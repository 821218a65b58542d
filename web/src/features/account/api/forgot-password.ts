import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { acceptedDetail } from './contract';

/** POST /auth/password/forgot: 202 with the server's words, whether or not the address has an account. */
export async function forgotPassword(email: string) {
  return acceptedDetail(await apiRequest('/auth/password/forgot', { method: 'POST', json: { email }, auth: false }));
}

export const useForgotPassword = () => useMutation(mutationOptions({ mutationFn: forgotPassword }));
