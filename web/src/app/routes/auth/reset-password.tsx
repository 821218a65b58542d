import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';
import { AuthCardLayout } from '@/features/auth/components/auth-layout';
import '@/features/account/components/account.css';

/** /reset-password?token=…: the page an emailed reset link opens. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Reset Password · Construct</title>
      <AuthCardLayout title="Choose a new password" subtitle="Signing in again after this ends every other session.">
        <ResetPasswordForm token={params.get('token') ?? ''} />
      </AuthCardLayout>
    </>
  );
}
