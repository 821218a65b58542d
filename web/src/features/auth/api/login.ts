import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { LoginForm, TokenResponse } from '@shared/contract/auth';
import { ApiError, apiRequest } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

export const MISSING_TOKEN_MESSAGE = 'Login response did not include an access token.';

/** Raised when the login call succeeds but its answer carries no token (docs/product.md). */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
  constructor() {
    super(MISSING_TOKEN_MESSAGE);
  }
}

/** POST /auth/login: the OAuth2 password form (`username` is the email), form-encoded. */
export async function login(form: LoginForm): Promise<TokenResponse> {
  // The zod contract loads on demand, while the request is in flight: the session provider (first
  // load) imports this module.
  const contract = import('@shared/contract/auth');
  const data = await apiRequest('/auth/login', {
    method: 'POST',
    form: { username: form.username, password: form.password },
    auth: false,
  });
  const token = typeof data === 'object' && data !== null ? (data as { access_token?: unknown }).access_token : undefined;
  if (typeof token !== 'string' || !token) throw new MissingTokenError();
  const parsed = (await contract).TokenResponse.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, method: 'POST', path: '/auth/login', message: 'The server sent an unexpected response.' });
  }
  return parsed.data;
}

/** Signs in through the session: stores the token, then loads the user (resolves with the user). */
export function useLogin() {
  const session = useSession();
  return useMutation(mutationOptions({ mutationKey: mutationKeys.login, mutationFn: session.login }));
}
