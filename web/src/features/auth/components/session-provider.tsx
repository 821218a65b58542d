import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { LoginForm, RegisterRequest } from '@shared/contract/auth';
import { ApiError, onUnauthorized } from '@/lib/api-client';
import { ACCESS_TOKEN_KEY, clearAccessToken, getAccessToken, setAccessToken } from '@/lib/auth-token';
import { type Session, SessionContext, type SessionStatus } from '@/lib/session';
import { meQueryOptions } from '../api/get-me';
import { login as loginRequest } from '../api/login';
import { logout as logoutRequest } from '../api/logout';
import { register as registerRequest, signInAfterRegister } from '../api/register';
import { SessionUnreachable } from './session-unreachable';

/**
 * The session (docs/product.md). On start the stored token is read; when there is one the current
 * user is fetched. A refusal (401) clears the token and logs the visitor out; any other failure
 * (no connection, a time-out, a server error) keeps the token and shows a full page with Retry.
 * Nothing renders until this first check has finished.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(getAccessToken);
  const [signedOut, setSignedOut] = useState(false);
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });

  // Only a refusal ends the session; a check without a usable answer is offered again.
  const refused = me.error instanceof ApiError && me.error.status === 401;
  const rejected = token !== null && me.isError && refused;
  const unreachable = token !== null && me.isError && !refused && me.data === undefined;

  const status: SessionStatus = token === null || rejected ? 'anonymous' : me.data ? 'authenticated' : 'checking';
  const user = status === 'authenticated' ? (me.data ?? null) : null;

  const endSession = useCallback(() => {
    clearAccessToken();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  /** Logging out also ends the token on the server, so a copied token stops working too. */
  const logout = useCallback(
    ({ ended = false }: { ended?: boolean } = {}) => {
      if (getAccessToken() && !ended) void logoutRequest().catch(() => {});
      setSignedOut(true);
      endSession();
    },
    [endSession],
  );

  useEffect(() => {
    if (rejected) endSession();
  }, [rejected, endSession]);

  // Any call made with the token and answered 401 means the session has expired or was revoked.
  useEffect(() => onUnauthorized(endSession), [endSession]);

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
      queryClient.clear();
      setToken(getAccessToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const login = useCallback(
    async (form: LoginForm) => {
      const { access_token } = await loginRequest(form);
      setAccessToken(access_token);
      try {
        const current = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
        setToken(access_token);
        setSignedOut(false);
        return current;
      } catch (error) {
        clearAccessToken();
        queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
        throw error;
      }
    },
    [queryClient],
  );

  const register = useCallback(
    async (input: RegisterRequest) => {
      await registerRequest(input);
      return signInAfterRegister(() => login({ username: input.email, password: input.password }));
    },
    [login],
  );

  const session = useMemo<Session>(() => ({ status, user, login, register, logout, signedOut }), [status, user, login, register, logout, signedOut]);

  // Render nothing until the initial session check has finished (docs/product.md).
  const [initialised, setInitialised] = useState(status !== 'checking');
  if (!initialised && status !== 'checking') setInitialised(true);
  if (unreachable) {
    return (
      <SessionUnreachable detail={me.error instanceof ApiError ? me.error.detail : undefined} retrying={me.isFetching} onRetry={() => void me.refetch()} />
    );
  }
  if (!initialised) return null;

  return <SessionContext value={session}>{children}</SessionContext>;
}
