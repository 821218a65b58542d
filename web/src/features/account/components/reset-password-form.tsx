import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { newPasswordRule, samePassword } from '@/lib/form-rules';
import { useResetPassword } from '../api/reset-password';
import { UNEXPECTED } from '../utils/messages';

interface ResetValues {
  password: string;
  confirm: string;
}

/** /reset-password?token=…: a new password, twice; the link works once, for 30 minutes. */
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
          {errorMessage(mutation.error, UNEXPECTED)}
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
