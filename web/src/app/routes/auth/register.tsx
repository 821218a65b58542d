import { RedirectSignedIn } from '@/features/auth/components/redirect-signed-in';
import { RegisterForm } from '@/features/auth/components/register-form';
import { RegisterLayout } from '@/features/auth/components/register-layout';
import { useReturnToOrigin } from '@/features/auth/hooks/use-return-to-origin';

/** /register: 1.5 s after success go to the origin page, default /prompts. */
export function Component() {
  const { origin, returnToOrigin } = useReturnToOrigin();
  return (
    <RedirectSignedIn>
      <title>Create Account · Construct</title>
      <RegisterLayout>
        <RegisterForm onSuccess={returnToOrigin} origin={origin} />
      </RegisterLayout>
    </RedirectSignedIn>
  );
}
