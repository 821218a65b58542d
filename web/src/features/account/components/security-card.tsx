import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { newPasswordRule, samePassword } from '@/lib/form-rules';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { FALLBACK } from '../utils/messages';
import './account.css';

// ---- security ----------------------------------------------------------------------------------

interface PasswordChangeValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
  revoke_api_keys: boolean;
}

/** Both ways out of a possibly stolen account revoke the API keys too, unless the person unticks it. */
const REVOKE_KEYS_LABEL = 'Also revoke my API keys';
const KEYS_STOP = 'Apps and tools using a key stop working until you create a new one.';

/** The account page's Security card: change the password, sign out everywhere (each offering to revoke the API keys). */
export function SecurityCard() {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({
    defaultValues: { current_password: '', new_password: '', confirm_password: '', revoke_api_keys: true },
    reValidateMode: 'onSubmit',
  });
  const change = useChangePassword();
  const everywhere = useLogoutEverywhere();
  const [revokeOnSignOut, setRevokeOnSignOut] = useState(true);
  const { logout } = useSession();
  const navigate = useNavigate();

  const submit = handleSubmit(({ current_password, new_password, revoke_api_keys }) =>
    change.mutate({ current_password, new_password, revoke_api_keys }, { onSuccess: () => reset() }),
  );
  const signOutEverywhere = () =>
    everywhere.mutate(
      { revoke_api_keys: revokeOnSignOut },
      {
        onSuccess: async () => {
          await navigate(paths.login);
          // The server ended this session with the others: no POST /auth/logout (it would answer 401).
          logout({ ended: true });
        },
      },
    );

  return (
    <Card aria-labelledby="account-security">
      <CardHeader titleId="account-security" icon={<KeyRound />} title="Security" subtitle="Change your password, or sign out on every device." />
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        <h3 className="account-form__title">Change password</h3>
        {change.isError ? <Alert icon={false}>{errorMessage(change.error, FALLBACK)}</Alert> : null}
        {change.isSuccess ? (
          <Alert variant="success">
            Your password was changed. Every other session was signed out.{change.variables?.revoke_api_keys ? ' Your API keys were revoked.' : ''}
          </Alert>
        ) : null}
        <Field id="account-current-password" label="Current password">
          <PasswordInput autoComplete="current-password" required {...register('current_password')} />
        </Field>
        <div className="account-form__row">
          {/* Both problems show under the new password: its length, then a confirmation that differs. */}
          <Field id="account-new-password" label="New password" error={errors.new_password?.message}>
            <PasswordInput
              autoComplete="new-password"
              required
              {...register('new_password', { validate: { length: newPasswordRule, same: samePassword<PasswordChangeValues>('confirm_password') } })}
            />
          </Field>
          <Field id="account-confirm-password" label="Confirm new password">
            <PasswordInput autoComplete="new-password" required showLabel="Show confirmation" hideLabel="Hide confirmation" {...register('confirm_password')} />
          </Field>
        </div>
        <Checkbox label={REVOKE_KEYS_LABEL} description={KEYS_STOP} {...register('revoke_api_keys')} />
        <div className="account-form__actions">
          <Button type="submit" loading={change.isPending} disabled={!watch('current_password') || !watch('new_password')}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
      <div className="account-danger-row">
        <div>
          <h3 className="account-form__title">Sign out everywhere</h3>
          <p className="card__subtitle">Ends every session on every device, this one included.</p>
          <Checkbox
            id="account-signout-revoke-keys"
            label="Revoke my API keys too"
            checked={revokeOnSignOut}
            onChange={(event) => setRevokeOnSignOut(event.target.checked)}
            disabled={everywhere.isPending}
          />
        </div>
        <Button variant="secondary" onClick={signOutEverywhere} loading={everywhere.isPending}>
          {everywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </div>
      {everywhere.isError ? <Alert icon={false}>{errorMessage(everywhere.error, FALLBACK)}</Alert> : null}
    </Card>
  );
}
