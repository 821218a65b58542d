import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { User } from '@shared/contract/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { MissingTokenError, useLogin } from '../api/login';

export const LOGIN_FALLBACK_ERROR = 'Login failed. Please check your credentials.';

/** docs/product.md, Login: the server's detail, else a generic text; a token-less answer says so. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof MissingTokenError) return error.message;
  return LOGIN_FALLBACK_ERROR;
}

export interface LoginFormProps {
  onSuccess: (user: User) => void;
  /** Passed on to the 'Sign Up' link so registering also returns to the origin. */
  origin?: string | null;
  /** Arrived here from Log out: say so. */
  signedOut?: boolean;
}

interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({ onSuccess, origin, signedOut = false }: LoginFormProps) {
  // No default values: the page is prerendered, and what was typed before hydration stays (the
  // fields take their values from the inputs). Empty fields are the browser's `required` check.
  const { register, handleSubmit, setFocus } = useForm<LoginValues>();
  const mutation = useLogin();
  const busy = mutation.isPending;
  const hydrated = useHydrated();
  // A refused sign-in puts the focus back in the password, selected for retyping (the form was
  // disabled while it was checked, which left the focus nowhere).
  useEffect(() => {
    if (mutation.status === 'error') setFocus('password', { shouldSelect: true });
  }, [mutation.status, setFocus]);

  const submit = handleSubmit(({ email, password }) => mutation.mutate({ username: email.trim(), password }, { onSuccess }));

  return (
    // method="post": this page is prerendered, and a submit before the script takes over must not
    // put the password in the address as a GET would (docs/decisions.md, "Prerendered public pages").
    <form className="auth-form" method="post" onSubmit={(event) => void submit(event)} aria-describedby={mutation.isError ? 'login-error' : undefined}>
      {/* After hydration only: the prerendered page cannot know the history state that says so,
          and a reload of /login keeps that state. */}
      {signedOut && hydrated && !mutation.isError ? (
        <Alert variant="success" icon={false}>
          You have been signed out.
        </Alert>
      ) : null}
      {mutation.isError ? (
        <Alert id="login-error" icon={false}>
          {loginErrorMessage(mutation.error)}
        </Alert>
      ) : null}
      <fieldset className="auth-form__fields" disabled={busy}>
        <Field id="login-email" label="Email">
          <EmailInput required placeholder="you@example.com" {...register('email')} />
        </Field>
        <Field
          id="login-password"
          label="Password"
          labelAside={
            <Link to={paths.forgotPassword} className="auth-form__aside-link">
              Forgot password?
            </Link>
          }
        >
          <PasswordInput
            aria-describedby={mutation.isError ? 'login-error' : undefined}
            invalid={mutation.isError}
            autoComplete="current-password"
            required
            {...register('password')}
          />
        </Field>
      </fieldset>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="auth-form__switch">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} state={origin ? { from: origin } : undefined}>
          Sign Up
        </Link>
      </p>
    </form>
  );
}
