import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { emailRule } from '@/lib/form-rules';
import { useForgotPassword } from '../api/forgot-password';
import { UNEXPECTED } from '../utils/messages';

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
      {mutation.isError ? <Alert icon={false}>{errorMessage(mutation.error, UNEXPECTED)}</Alert> : null}
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
