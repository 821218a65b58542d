import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginForm, RegisterRequest, User } from '@shared/contract/auth';
import { paths } from '@/config/paths';

/**
 * - `checking`: a stored token is being verified with GET /auth/me;
 * - `authenticated`: `user` is the signed-in user;
 * - `anonymous`: no token, or it was rejected (and has been cleared).
 */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Stores the token of a successful login, then loads the user. */
  login: (form: LoginForm) => Promise<User>;
  /** Creates the account, then logs in with the same email and password. */
  register: (input: RegisterRequest) => Promise<User>;
  /**
   * Clears the user, the stored token and every cached query, and ends the token on the server;
   * `ended`: the server has ended it already (sign out everywhere), so it is not asked again (a 401).
   */
  logout: (options?: { ended?: boolean }) => void;
  /**
   * True from logout() until the next sign-in. A signed-in page still on screen when the session
   * ends (react-router commits the way out as a transition, after the logout's update) then sends
   * the visitor to the login page that says so, rather than to one that remembers the page.
   */
  signedOut: boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}

/**
 * Log out from a guarded page: leave it for the login page first, so the guard does not remember
 * it as the page to return to, then clear the session.
 */
export function useLogout(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(paths.login, { state: { signedOut: true } });
    logout();
  }, [navigate, logout]);
}
