import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Account, UpdateAccountRequest } from '@shared/contract/account';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/form-rules';
import { useUpdateAccount } from '../api/update-account';
import { FALLBACK } from '../utils/messages';
import { ChangeEmailDialog } from './change-email-dialog';
import './account.css';

// ---- profile -----------------------------------------------------------------------------------

/** The first name as PUT /account takes it: 'First name is required.' shows as soon as it is blank. */
const firstNameRule = schemaRule(UpdateAccountRequest.shape.first_name);

export function ProfileCard({ account }: { account: Account }) {
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
    <Card aria-labelledby="account-profile">
      <CardHeader titleId="account-profile" icon={<UserRound />} title="Profile" subtitle="Your name and the email you sign in with." />
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
