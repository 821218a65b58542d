import { useLocation } from 'react-router-dom';
import { AuthCardLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { RedirectSignedIn } from '@/features/auth/components/redirect-signed-in';
import { useReturnToOrigin } from '@/features/auth/hooks/use-return-to-origin';

/** /login: on success go to the origin the guard remembered (replacing history), default /prompts. */
export function Component() {
  const { origin, returnToOrigin } = useReturnToOrigin();
  const signedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  return (
    <RedirectSignedIn>
      <title>Sign In · Construct</title>
      <AuthCardLayout title="Welcome back" subtitle="Sign in to your Construct workspace.">
        <LoginForm onSuccess={returnToOrigin} origin={origin} signedOut={signedOut} />
      </AuthCardLayout>
    </RedirectSignedIn>
  );
}
