import { useSearchParams } from 'react-router-dom';
import { VerifyEmail } from '@/features/account/components/verify-email';
import { AuthCardLayout } from '@/features/auth/components/auth-layout';
import '@/features/account/components/account.css';

/** /verify-email?token=…: the page an emailed confirmation link opens (signed in or not). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Confirm Email · Construct</title>
      <AuthCardLayout title="Confirm your email">
        <VerifyEmail token={params.get('token') ?? ''} />
      </AuthCardLayout>
    </>
  );
}
