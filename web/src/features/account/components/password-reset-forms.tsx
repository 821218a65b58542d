import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '@shared/contract/auth';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '@shared/contract/common';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword, useResetPassword } from '../api/account-api';

const FALLBACK = 'An unexpected error occurred. Please try again.';

/** /forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useForgotPassword();
  const busy = mutation.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) return setInvalid(EMAIL_MESSAGE);
    setInvalid(null);
    mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <div className="auth-form">
        <Alert variant="success">{mutation.data}</Alert>
        <p className="auth-form__switch">
          <Link to={paths.login}>Back to Sign In</Link>
        </p>
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {mutation.isError ? <Alert icon={false}>{errorMessage(mutation.error, FALLBACK)}</Alert> : null}
      <fieldset className="auth-form__fields" disabled={busy}>
        <Field id="forgot-email" label="Email" error={invalid}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field>
      </fieldset>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Sending link...' : 'Send reset link'}
      </Button>
      <p className="auth-form__switch">
        Remembered it? <Link to={paths.login}>Sign In</Link>
      </p>
    </form>
  );
}

/** /reset-password?token=…: a new password, twice; the link works once, for 30 minutes. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; message: string } | null>(null);
  const mutation = useResetPassword();
  const busy = mutation.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) return setProblem({ field: 'password', message: `Password must be at least ${PASSWORD_MIN} characters.` });
    if (password !== confirm) return setProblem({ field: 'confirm', message: 'Passwords do not match.' });
    setProblem(null);
    mutation.mutate({ token, password });
  };

  if (!token) {
    return (
      <div className="auth-form">
        <Alert>This password reset link is not valid. Please ask for a new one.</Alert>
        <p className="auth-form__switch">
          <Link to={paths.forgotPassword}>Ask for a new link</Link>
        </p>
      </div>
    );
  }
  if (mutation.isSuccess) {
    return (
      <div className="auth-form">
        <Alert variant="success">Your password was changed, and every session was signed out. Sign in with your new password.</Alert>
        <Link className={buttonClassName({ size: 'lg', block: true })} to={paths.login}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {mutation.isError ? (
        <Alert icon={false} action={<Link to={paths.forgotPassword}>Ask for a new link</Link>}>
          {errorMessage(mutation.error, FALLBACK)}
        </Alert>
      ) : null}
      <fieldset className="auth-form__fields" disabled={busy}>
        <Field id="reset-password" label="New password" error={problem?.field === 'password' ? problem.message : null}>
          <PasswordInput name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field id="reset-confirm" label="Confirm new password" error={problem?.field === 'confirm' ? problem.message : null}>
          <PasswordInput
            name="confirm"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            showLabel="Show confirmation"
            hideLabel="Hide confirmation"
          />
        </Field>
      </fieldset>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
