import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { emailRule, newPasswordRule, samePassword } from '@/lib/form-rules';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';

const FALLBACK = 'An unexpected error occurred. Please try again.';

/** /forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordForm() {
  // Problems show from a submit until the next one (handleSubmit focuses the field at fault).
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const mutation = useForgotPassword();
  const busy = mutation.isPending;

  const submit = handleSubmit(({ email }) => mutation.mutate(email.trim()));

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
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {mutation.isError ? <Alert icon={false}>{errorMessage(mutation.error, FALLBACK)}</Alert> : null}
      <fieldset className="auth-form__fields" disabled={busy}>
        <Field id="forgot-email" label="Email" error={errors.email?.message}>
          <EmailInput required placeholder="you@example.com" {...register('email', { validate: emailRule })} />
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
interface ResetValues {
  password: string;
  confirm: string;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirm: '' }, reValidateMode: 'onSubmit' });
  const mutation = useResetPassword();
  const busy = mutation.isPending;

  const submit = handleSubmit(({ password }) => mutation.mutate({ token, password }));

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
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {mutation.isError ? (
        <Alert icon={false} action={<Link to={paths.forgotPassword}>Ask for a new link</Link>}>
          {errorMessage(mutation.error, FALLBACK)}
        </Alert>
      ) : null}
      <fieldset className="auth-form__fields" disabled={busy}>
        <Field id="reset-password" label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" required {...register('password', { validate: newPasswordRule })} />
        </Field>
        <Field id="reset-confirm" label="Confirm new password" error={errors.confirm?.message}>
          <PasswordInput
            autoComplete="new-password"
            required
            showLabel="Show confirmation"
            hideLabel="Hide confirmation"
            {...register('confirm', { validate: samePassword<ResetValues>('password') })}
          />
        </Field>
      </fieldset>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
