import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

/** POST /auth/register: creates a free account and answers the new user (201). */
export async function register(input: RegisterRequest) {
  // The zod contract loads on demand: the session provider (first load) imports this module.
  const { RegisterResponse } = await import('@shared/contract/auth');
  return apiRequest('/auth/register', { method: 'POST', json: input, schema: RegisterResponse, auth: false });
}

/** Registers through the session: creates the account, then signs in with the same email and password. */
export function useRegister() {
  const session = useSession();
  return useMutation(mutationOptions({ mutationKey: mutationKeys.register, mutationFn: session.register }));
}
