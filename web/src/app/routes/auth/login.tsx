import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/paths';
import { AuthCardLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { originFrom } from '@/features/auth/utils/origin';

/** /login: on success go to the origin the guard remembered (replacing history), default /prompts. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const origin = originFrom(location);
  const onSuccess = useCallback(() => {
    void navigate(origin ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
  }, [navigate, origin]);

  return (
    <>
      <title>Sign In · Construct</title>
      <AuthCardLayout title="Welcome back" subtitle="Sign in to your Construct workspace.">
        <LoginForm onSuccess={onSuccess} origin={origin} />
      </AuthCardLayout>
    </>
  );
}
