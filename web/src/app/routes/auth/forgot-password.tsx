import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';
import { AuthCardLayout } from '@/features/auth/components/auth-layout';
import '@/features/account/components/account.css';

/** /forgot-password: asks for the email and mails a reset link. */
export function Component() {
  return (
    <>
      <title>Forgot Password · Construct</title>
      <AuthCardLayout title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one.">
        <ForgotPasswordForm />
      </AuthCardLayout>
    </>
  );
}
