import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { SessionLoading } from './session-loading';

/** Admin guard: like RequireAuth, and a signed-in user who is not an admin goes to /prompts. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  if (status === 'checking') return <SessionLoading />;
  if (!user) return <Navigate to={paths.login} replace state={signedOut ? { signedOut } : { from: location }} />;
  if (!user.is_admin) return <Navigate to={paths.prompts} replace />;
  return children ?? <Outlet />;
}
