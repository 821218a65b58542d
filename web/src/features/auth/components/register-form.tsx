import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { NAME_MIN, type RegisterRequest, type User } from '@shared/contract/auth';
import { EMAIL_MESSAGE } from '@shared/contract/common';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { emailRule, newPasswordRule, PASSWORD_MESSAGES, samePassword } from '@/lib/form-rules';
import { useRegister } from '../api/register';

/** The register form's texts and timing (docs/product.md, Register). */
export const REGISTER_MESSAGES = {
  name: `Name must be at least ${NAME_MIN} characters.`,
  email: EMAIL_MESSAGE,
  password: PASSWORD_MESSAGES.short,
  passwordMax: PASSWORD_MESSAGES.long,
  confirm: PASSWORD_MESSAGES.differ,
  terms: 'You must agree to the terms.',
  fallbackError: 'An unexpected error occurred. Please try again.',
  loading: 'Creating your account...',
  success: 'Account created! Redirecting...',
} as const;
export const REGISTER_REDIRECT_MS = 1500;

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

/** The payload: first word of the trimmed name, then the remaining words joined by single spaces. */
export function toRegisterRequest(values: Pick<RegisterValues, 'name' | 'email' | 'password'>): RegisterRequest {
  const [firstName = '', ...rest] = values.name.trim().split(/\s+/);
  return { first_name: firstName, last_name: rest.join(' '), email: values.email.trim(), password: values.password };
}

export interface RegisterFormProps {
  /** Called 1.5 s after the account was created and signed in. */
  onSuccess: (user: User) => void;
  /** Where the user was going; the 'Log in' link carries it as `return`. */
  origin?: string | null;
}

export function RegisterForm({ onSuccess, origin }: RegisterFormProps) {
  const mutation = useRegister();
  // No default values: the page is prerendered, and what was typed before hydration stays (the
  // fields take their values from the inputs), as on the login form.
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    formState: { errors, touchedFields },
  } = useForm<RegisterValues>({ mode: 'onTouched' });

  const user = mutation.data;
  useEffect(() => {
    if (!user) return;
    const timer = window.setTimeout(() => onSuccess(user), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [user, onSuccess]);

  // A refused registration puts the focus back in the field it is about (the form was disabled
  // while it was sent); field errors found before sending are focused by handleSubmit.
  const failure = mutation.status === 'error' ? errorMessage(mutation.error, REGISTER_MESSAGES.fallbackError) : null;
  useEffect(() => {
    if (failure === null) return;
    setFocus(/password/i.test(failure) ? 'password' : /name/i.test(failure) && !/email/i.test(failure) ? 'name' : 'email', { shouldSelect: true });
  }, [failure, setFocus]);

  const loading = mutation.isPending;
  const succeeded = mutation.isSuccess;
  const locked = loading || succeeded;

  /** Errors show only for touched fields. */
  const shown = (name: keyof RegisterValues) => (touchedFields[name] ? errors[name]?.message : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Submitting touches every field, so every problem shows; handleSubmit stops on any error.
    setValue('name', getValues('name'), { shouldTouch: true });
    setValue('email', getValues('email'), { shouldTouch: true });
    setValue('password', getValues('password'), { shouldTouch: true });
    setValue('confirmPassword', getValues('confirmPassword'), { shouldTouch: true });
    setValue('terms', getValues('terms'), { shouldTouch: true });
    void handleSubmit((values) => {
      if (!locked) mutation.mutate(toRegisterRequest(values));
    })(event);
  };

  const statusText = loading ? REGISTER_MESSAGES.loading : succeeded ? REGISTER_MESSAGES.success : '';
  const loginHref = `${paths.login}?return=${encodeURIComponent(origin ?? paths.prompts)}`;

  return (
    // method="post": this page is prerendered, and a submit before the script takes over must not
    // put the password in the address as a GET would (docs/decisions.md, "Prerendered public pages").
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      {mutation.isError ? (
        <Alert id="register-error" icon={false}>
          {errorMessage(mutation.error, REGISTER_MESSAGES.fallbackError)}
        </Alert>
      ) : null}
      <fieldset className="auth-form__fields" disabled={locked}>
        <Field id="register-name" label="Full name" error={shown('name')}>
          <Input
            type="text"
            autoComplete="name"
            placeholder="Ada Lovelace"
            {...register('name', { validate: (v) => v.trim().length >= NAME_MIN || REGISTER_MESSAGES.name })}
          />
        </Field>
        <Field id="register-email" label="Email" error={shown('email')}>
          <EmailInput placeholder="you@example.com" {...register('email', { validate: emailRule })} />
        </Field>
        <Field id="register-password" label="Password" error={shown('password')}>
          <PasswordInput
            autoComplete="new-password"
            showLabel="Show password"
            hideLabel="Hide password"
            {...register('password', { deps: ['confirmPassword'], validate: newPasswordRule })}
          />
        </Field>
        <Field id="register-confirm-password" label="Confirm password" error={shown('confirmPassword')}>
          <PasswordInput
            autoComplete="new-password"
            showLabel="Show confirm password"
            hideLabel="Hide confirm password"
            {...register('confirmPassword', { validate: samePassword<RegisterValues>('password') })}
          />
        </Field>
        <Checkbox
          id="register-terms"
          error={shown('terms')}
          label={
            <>
              I agree to the{' '}
              <a href={paths.terms} target="_blank" rel="noopener noreferrer">
                Terms of Service
              </a>{' '}
              and{' '}
              <a href={paths.privacy} target="_blank" rel="noopener noreferrer">
                Privacy Policy
              </a>
            </>
          }
          {...register('terms', { validate: (v) => v === true || REGISTER_MESSAGES.terms })}
        />
      </fieldset>
      <Button type="submit" size="lg" block loading={loading} disabled={succeeded}>
        {loading ? 'Creating account...' : succeeded ? 'Success!' : 'Create Account'}
      </Button>
      <p id="register-status" className={`form-status${succeeded ? ' form-status--success' : ''}`} role="status">
        {statusText}
      </p>
      <p className="auth-form__switch">
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
    </form>
  );
}
