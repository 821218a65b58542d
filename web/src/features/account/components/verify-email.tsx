import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useVerifyEmail } from '../api/verify-email';

/**
 * /verify-email?token=…: follows an emailed confirmation link once on arrival. A new account's
 * link confirms the address; an email-change link switches to the new one, which signs every
 * session out, so the page asks to sign in again.
 */
export function VerifyEmail({ token }: { token: string }) {
  const mutation = useVerifyEmail();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutation.mutate(token, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.account }) });
  }, [token, mutation, queryClient]);

  if (!token) return <Alert>This confirmation link is not valid. Please ask for a new one.</Alert>;
  if (mutation.isError) {
    return (
      <div className="auth-form">
        <Alert>{errorMessage(mutation.error, 'The link could not be checked. Please try again.')}</Alert>
        <Link className={buttonClassName({ variant: 'secondary', block: true })} to={paths.account}>
          Go to your account
        </Link>
      </div>
    );
  }
  if (!mutation.data) {
    return (
      <p className="auth-form__status" role="status">
        <Spinner /> Checking your link...
      </p>
    );
  }
  return (
    <div className="auth-form">
      <Alert variant="success">
        {mutation.data.changed
          ? `Your email is now ${mutation.data.email}. Every session was signed out: sign in with the new address.`
          : `Thank you: ${mutation.data.email} is confirmed.`}
      </Alert>
      <Link className={buttonClassName({ size: 'lg', block: true })} to={mutation.data.changed ? paths.login : paths.prompts}>
        {mutation.data.changed ? 'Sign In' : 'Continue'}
      </Link>
    </div>
  );
}
