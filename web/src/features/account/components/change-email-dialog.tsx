import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { emailRule } from '@/lib/form-rules';
import { useChangeEmail } from '../api/change-email';
import { FALLBACK } from '../utils/messages';
import './account.css';

export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
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
