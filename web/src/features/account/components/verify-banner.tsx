import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAccount } from '../api/get-account';
import { useResendVerification } from '../api/resend-verification';
import './account.css';

/** A quiet note over every signed-in page until the account's email is confirmed, with 'Resend'. */
export function VerifyEmailBanner() {
  const account = useAccount();
  const resend = useResendVerification();
  if (!account.data || account.data.email_verified) return null;
  return (
    <div className="verify-banner container">
      <Alert
        variant="info"
        action={
          resend.isSuccess ? null : (
            <Button variant="ghost" size="sm" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend
            </Button>
          )
        }
      >
        {resend.isSuccess
          ? `We sent a new link to ${account.data.email}.`
          : resend.isError
            ? errorMessage(resend.error, 'The link could not be sent. Please try again.')
            : `Please confirm your email: we sent a link to ${account.data.email}.`}
      </Alert>
    </div>
  );
}
