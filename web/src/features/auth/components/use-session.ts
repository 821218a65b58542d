import { createContext, useContext } from 'react';
import type { LoginForm, RegisterRequest, User } from '@shared/contract/auth';

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
  /** Clears the user, the stored token and every cached query. */
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
