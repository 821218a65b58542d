import { type ReactNode, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

function SessionLoading() {
  return (
    <p className="page-status" role="status">
      Loading...
    </p>
  );
}

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

/** Admin guard: like RequireAuth, and a signed-in user who is not an admin goes to /prompts. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  if (status === 'checking') return <SessionLoading />;
  if (!user) return <Navigate to={paths.login} replace state={signedOut ? { signedOut } : { from: location }} />;
  if (!user.is_admin) return <Navigate to={paths.prompts} replace />;
  return children ?? <Outlet />;
}

/**
 * For /login and /register: a visitor already signed in when they arrive goes to /prompts. One
 * who signs in here is sent on by the form itself (to where they were going), and one arriving
 * from Log out (state.signedOut, the session ending just after) stays to read 'You have been signed out.'.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const wasAnonymous = useRef(status === 'anonymous');
  if (status === 'anonymous') wasAnonymous.current = true;
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  if (user && !wasAnonymous.current && !signedOut) return <Navigate to={paths.prompts} replace />;
  return children;
}
