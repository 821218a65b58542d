import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@shared/contract/auth';
import { ApiError, apiRequest } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

/** POST /auth/register: creates a free account and answers the new user (201). */
export async function register(input: RegisterRequest) {
  // The zod contract loads on demand: the session provider (first load) imports this module.
  const { RegisterResponse } = await import('@shared/contract/auth');
  return apiRequest('/auth/register', { method: 'POST', json: input, schema: RegisterResponse, auth: false });
}

/**
 * The server answers a sign-up for a taken address as a new one and mails the address's owner
 * (functions/auth/register.ts); the sign-in that follows then fails, and the form says only this.
 */
export const CHECK_INBOX = 'Please check your inbox: we sent you an email about signing up.';

/** The sign-in after a sign-up: a refusal means the address had an account already (see CHECK_INBOX). */
export async function signInAfterRegister<T>(signIn: () => Promise<T>): Promise<T> {
  try {
    return await signIn();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError({ status: 401, detail: CHECK_INBOX, method: error.method, path: error.path });
    throw error;
  }
}

/** Registers through the session: creates the account, then signs in with the same email and password. */
export function useRegister() {
  const session = useSession();
  return useMutation(mutationOptions({ mutationKey: mutationKeys.register, mutationFn: session.register }));
}
