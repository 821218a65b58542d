import { CreditCard, Database, KeyRound, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { type Account, type Meter, UpdateAccountRequest } from '@shared/contract/account';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { DialogFooter, ModalDialog } from '@/components/ui/dialog';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { IconTile } from '@/components/ui/icon-tile';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCreatePortalSession } from '@/lib/api/create-portal-session';
import { errorMessage } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-token';
import { emailRule, newPasswordRule, samePassword, schemaRule } from '@/lib/form-rules';
import { useSession } from '@/lib/session';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';
import { useAccount } from '../api/get-account';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { useUpdateAccount } from '../api/update-account';
import './account.css';

const FALLBACK = 'Something went wrong. Please try again.';

/** The /account page: four cards over the account as GET /account reports it. */
export function AccountPage() {
  const account = useAccount();
  if (account.isPending) {
    return (
      <div className="account-loading">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (account.isError) {
    return (
      <Alert
        action={
          <Button variant="secondary" size="sm" onClick={() => void account.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(account.error, 'Your account could not be loaded.')}
      </Alert>
    );
  }
  return (
    <div className="account-page">
      <ProfileCard account={account.data} />
      <PlanCard account={account.data} />
      <SecurityCard />
      <DataCard />
    </div>
  );
}

function Card({ id, icon, title, subtitle, children }: { id: string; icon: ReactNode; title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <header className="account-card__header">
        <IconTile aria-hidden="true">{icon}</IconTile>
        <div>
          <h2 id={id} className="account-card__title">
            {title}
          </h2>
          <p className="account-card__subtitle">{subtitle}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

// ---- profile -----------------------------------------------------------------------------------

/** The first name as PUT /account takes it: 'First name is required.' shows as soon as it is blank. */
const firstNameRule = schemaRule(UpdateAccountRequest.shape.first_name);

function ProfileCard({ account }: { account: Account }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ mode: 'onChange', defaultValues: { first_name: account.first_name, last_name: account.last_name } });
  const update = useUpdateAccount();
  const [emailOpen, setEmailOpen] = useState(false);

  const save = handleSubmit((names) => update.mutate(names));
  const blank = !watch('first_name').trim();
  return (
    <Card id="account-profile" icon={<UserRound />} title="Profile" subtitle="Your name and the email you sign in with.">
      <form className="account-form" onSubmit={(event) => void save(event)}>
        {update.isError ? <Alert icon={false}>{errorMessage(update.error, FALLBACK)}</Alert> : null}
        {update.isSuccess ? <Alert variant="success">Your profile was saved.</Alert> : null}
        <div className="account-form__row">
          <Field id="account-first-name" label="First name" error={errors.first_name?.message}>
            <Input autoComplete="given-name" maxLength={100} {...register('first_name', { validate: firstNameRule })} />
          </Field>
          <Field id="account-last-name" label="Last name">
            <Input autoComplete="family-name" maxLength={100} {...register('last_name')} />
          </Field>
        </div>
        <div className="account-form__actions">
          <Button type="submit" loading={update.isPending} disabled={blank}>
            {update.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </div>
      </form>
      <div className="account-email">
        <div>
          <p className="account-email__label">Email</p>
          <p className="account-email__value">
            {account.email} {account.email_verified ? <Badge variant="success">Confirmed</Badge> : <Badge>Not confirmed</Badge>}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEmailOpen(true)}>
          Change email
        </Button>
      </div>
      {emailOpen ? <ChangeEmailDialog onClose={() => setEmailOpen(false)} /> : null}
    </Card>
  );
}

function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ defaultValues: { new_email: '', password: '' }, reValidateMode: 'onSubmit' });
  const change = useChangeEmail();
  const submit = handleSubmit(({ new_email, password }) => change.mutate({ new_email: new_email.trim(), password }));
  return (
    <ModalDialog
      title="Change email"
      description="We send a link to the new address; your email changes when you follow it."
      onClose={onClose}
      busy={change.isPending}
    >
      {change.isSuccess ? (
        <>
          <Alert variant="success">{change.data} Until then you keep signing in with your current email.</Alert>
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
          {change.isError ? <Alert icon={false}>{errorMessage(change.error, FALLBACK)}</Alert> : null}
          <Field id="account-new-email" label="New email" error={errors.new_email?.message}>
            <EmailInput required {...register('new_email', { validate: emailRule })} />
          </Field>
          <Field id="account-email-password" label="Current password">
            <PasswordInput autoComplete="current-password" required {...register('password')} />
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!watch('password')}>
              {change.isPending ? 'Sending...' : 'Send confirmation link'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </ModalDialog>
  );
}

// ---- plan and usage ----------------------------------------------------------------------------

const METERS: { key: keyof Account['usage']; label: string }[] = [
  { key: 'prompts', label: 'Prompts' },
  { key: 'categories', label: 'Categories' },
  { key: 'snippets', label: 'Snippets' },
  { key: 'runs_today', label: 'Runs today' },
];

function UsageMeter({ label, meter }: { label: string; meter: Meter }) {
  const share = meter.limit ? Math.min(1, meter.used / meter.limit) : 0;
  const text = meter.limit === null ? `${meter.used} used · unlimited` : `${meter.used} of ${meter.limit}`;
  return (
    <li className="usage-meter">
      <div className="usage-meter__row">
        <span className="usage-meter__label">{label}</span>
        <span className="usage-meter__value">{text}</span>
      </div>
      {meter.limit === null ? null : (
        <div
          className={`usage-meter__track${share >= 1 ? ' usage-meter__track--full' : ''}`}
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={meter.limit}
          aria-valuenow={Math.min(meter.used, meter.limit)}
          aria-valuetext={text}
        >
          <div className="usage-meter__fill" style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </li>
  );
}

function PlanCard({ account }: { account: Account }) {
  const portal = useCreatePortalSession();
  const manage = () => portal.mutate({ token: getAccessToken() ?? '' }, { onSuccess: (url) => window.location.assign(url) });
  return (
    <Card id="account-plan" icon={<CreditCard />} title="Plan & usage" subtitle="What your plan allows, and what you use of it.">
      <p className="account-plan">
        Your plan: <Badge variant={account.access_tier} />
      </p>
      <ul className="usage-meters">
        {METERS.map((m) => (
          <UsageMeter key={m.key} label={m.label} meter={account.usage[m.key]} />
        ))}
      </ul>
      {portal.isError ? <Alert icon={false}>{errorMessage(portal.error, FALLBACK)}</Alert> : null}
      <div className="account-form__actions">
        {account.access_tier !== 'free' ? (
          <Button variant="secondary" onClick={manage} loading={portal.isPending}>
            {portal.isPending ? 'Opening...' : 'Manage subscription'}
          </Button>
        ) : null}
        {account.access_tier !== 'elite' ? (
          <Link to={paths.pricing} className={buttonClassName()}>
            Upgrade
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

// ---- security ----------------------------------------------------------------------------------

interface PasswordChangeValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

function SecurityCard() {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({ defaultValues: { current_password: '', new_password: '', confirm_password: '' }, reValidateMode: 'onSubmit' });
  const change = useChangePassword();
  const everywhere = useLogoutEverywhere();
  const { logout } = useSession();
  const navigate = useNavigate();

  const submit = handleSubmit(({ current_password, new_password }) => change.mutate({ current_password, new_password }, { onSuccess: () => reset() }));
  const signOutEverywhere = () =>
    everywhere.mutate(undefined, {
      onSuccess: async () => {
        await navigate(paths.login);
        logout();
      },
    });

  return (
    <Card id="account-security" icon={<KeyRound />} title="Security" subtitle="Change your password, or sign out on every device.">
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        <h3 className="account-form__title">Change password</h3>
        {change.isError ? <Alert icon={false}>{errorMessage(change.error, FALLBACK)}</Alert> : null}
        {change.isSuccess ? <Alert variant="success">Your password was changed. Every other session was signed out.</Alert> : null}
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
        <div className="account-form__actions">
          <Button type="submit" loading={change.isPending} disabled={!watch('current_password') || !watch('new_password')}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
      <div className="account-danger-row">
        <div>
          <h3 className="account-form__title">Sign out everywhere</h3>
          <p className="account-card__subtitle">Ends every session on every device, this one included.</p>
        </div>
        <Button variant="secondary" onClick={signOutEverywhere} loading={everywhere.isPending}>
          {everywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </div>
      {everywhere.isError ? <Alert icon={false}>{errorMessage(everywhere.error, FALLBACK)}</Alert> : null}
    </Card>
  );
}

// ---- your data ---------------------------------------------------------------------------------

export const DELETE_CONFIRMATION = 'DELETE';

function DataCard() {
  const exporter = useExportAccount();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card id="account-data" icon={<Database />} title="Your data" subtitle="Take everything with you, or delete your account.">
      <div className="account-danger-row">
        <div>
          <h3 className="account-form__title">Export your data</h3>
          <p className="account-card__subtitle">
            One JSON file with your profile, prompts with every version, categories, directives, snippets, profile values and billing state.
          </p>
        </div>
        <Button variant="secondary" onClick={() => exporter.mutate()} loading={exporter.isPending}>
          {exporter.isPending ? 'Preparing...' : 'Export data'}
        </Button>
      </div>
      {exporter.isSuccess ? <Alert variant="success">Downloaded {exporter.data}.</Alert> : null}
      {exporter.isError ? <Alert icon={false}>{errorMessage(exporter.error, FALLBACK)}</Alert> : null}
      <div className="account-danger-row account-danger-row--danger">
        <div>
          <h3 className="account-form__title">Delete account</h3>
          <p className="account-card__subtitle">Deletes your account and everything in it, and cancels your subscription. This cannot be undone.</p>
        </div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, watch } = useForm({ defaultValues: { confirmation: '', password: '' } });
  const remove = useDeleteAccount();
  const { logout } = useSession();
  const navigate = useNavigate();
  // The session ends once this page has left the screen, not when the navigation is started:
  // react-router commits a page change as a transition, after an update that ends the session,
  // and the guard of /account, still on screen then, would send the visitor to /login.
  const deleted = useRef(false);
  const endSession = useRef(logout);
  endSession.current = logout;
  useEffect(
    () => () => {
      if (deleted.current) endSession.current();
    },
    [],
  );
  const ready = watch('confirmation') === DELETE_CONFIRMATION && watch('password').length > 0;
  const submit = handleSubmit(({ password }) => {
    if (!ready) return;
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          deleted.current = true;
          void navigate(paths.home, { replace: true });
        },
      },
    );
  });
  return (
    <ModalDialog
      title="Delete your account?"
      description="Every prompt, version, category, snippet and setting is deleted, and an active subscription is cancelled."
      onClose={onClose}
      busy={remove.isPending}
    >
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        {remove.isError ? <Alert icon={false}>{errorMessage(remove.error, FALLBACK)}</Alert> : null}
        <Field id="account-delete-confirm" label={`Type ${DELETE_CONFIRMATION} to confirm`}>
          <Input autoComplete="off" {...register('confirmation')} />
        </Field>
        <Field id="account-delete-password" label="Password">
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={!ready}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
