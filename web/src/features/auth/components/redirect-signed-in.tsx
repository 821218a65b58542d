import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

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
