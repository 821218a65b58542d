import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { RegisterLayout } from '@/features/auth/components/register-layout';
import { originFrom } from '@/features/auth/utils/origin';

/** /register: 1.5 s after success go to the origin page, default /prompts. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const origin = originFrom(location);
  const onSuccess = useCallback(() => {
    void navigate(origin ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
  }, [navigate, origin]);

  return (
    <>
      <title>Create Account · Construct</title>
      <RegisterLayout>
        <RegisterForm onSuccess={onSuccess} origin={origin} />
      </RegisterLayout>
    </>
  );
}
