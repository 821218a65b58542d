import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { SessionLoading } from './session-loading';

/**
 * Signed-in guard (docs/product.md): 'Loading...' while the session is checked; a visitor who is
 * not logged in goes to /login, which remembers where they were going (state.from), or, just
 * after Log out, says 'You have been signed out.' (state.signedOut).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  if (status === 'checking') return <SessionLoading />;
  if (!user) return <Navigate to={paths.login} replace state={signedOut ? { signedOut } : { from: location }} />;
  return children ?? <Outlet />;
}
