import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useAccount } from '../api/get-account';
import { FALLBACK } from '../utils/messages';
import './account.css';

// ---- your data ---------------------------------------------------------------------------------

export const DELETE_CONFIRMATION = 'DELETE';

export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
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
  // A team that needs this person blocks the deletion: said before anyone types a password.
  const blocked = useAccount().data?.delete_blocked ?? null;
  const ready = !blocked && watch('confirmation') === DELETE_CONFIRMATION && watch('password').length > 0;
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
        {blocked ? <Alert variant="info">{blocked}</Alert> : null}
        {remove.isError ? <Alert icon={false}>{errorMessage(remove.error, FALLBACK)}</Alert> : null}
        <Field id="account-delete-confirm" label={`Type ${DELETE_CONFIRMATION} to confirm`}>
          <Input autoComplete="off" disabled={blocked !== null} {...register('confirmation')} />
        </Field>
        <Field id="account-delete-password" label="Password">
          <PasswordInput autoComplete="current-password" disabled={blocked !== null} {...register('password')} />
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
