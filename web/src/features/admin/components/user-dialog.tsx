import { useForm } from 'react-hook-form';
import type { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { TierOptions } from '@/components/tier-options';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { emailRule, newPasswordRule } from '@/lib/form-rules';
import { TIER_LABELS } from '@/lib/tiers';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { FAILURE, OWN_ADMIN_REASON, SUCCESS } from '../utils/messages';

interface Values {
  email: string;
  password: string;
  access_tier: Tier;
  is_admin: boolean;
}

/** docs/product.md, Control center: email required and well-formed, password required for new users (and long enough). */
const NEW_USER_RULES = {
  email: { validate: { required: (value: string) => Boolean(value.trim()) || 'Email is required.', email: emailRule } },
  password: { validate: { required: (value: string) => Boolean(value) || 'Password is required for new users.', length: newPasswordRule } },
};

export const tierChangeQuestion = (email: string, from: Tier, to: Tier) => `Change the plan tier of ${email} from ${TIER_LABELS[from]} to ${TIER_LABELS[to]}?`;

export interface UserDialogProps {
  /** The account being edited; none to create one. */
  user?: User;
  onClose: () => void;
  /** The account is the signed-in admin's own: its admin status cannot be changed here. */
  isCurrent?: boolean;
  /** Called with the saved account when it is the signed-in admin's own. */
  onSaved?: (user: User) => void;
}

/**
 * 'Create New User' / 'Edit User'. Editing changes only the tier and admin status (the email is
 * read-only, there is no password). Success closes the dialog and reloads all data; a failure
 * keeps it open and shows the server's reason.
 */
export function UserDialog({ user, isCurrent = false, onClose, onSaved }: UserDialogProps) {
  const editing = user !== undefined;
  // Errors show once a save was attempted, then follow every change (react-hook-form's defaults).
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: { email: user?.email ?? '', password: '', access_tier: user?.access_tier ?? 'free', is_admin: user?.is_admin ?? false },
  });
  const isAdmin = watch('is_admin');
  const { toast } = useToast();
  const { confirm } = useDialogs();
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const saving = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    if (saving) return;
    // A tier changes what the person can use and what they pay: ask before it is saved.
    if (editing && values.access_tier !== user.access_tier) {
      const question = tierChangeQuestion(user.email, user.access_tier, values.access_tier);
      if (!(await confirm(question, { title: 'Change plan tier', confirmLabel: 'Change tier' }))) return;
    }
    try {
      const saved = editing
        ? await update.mutateAsync({ id: user.id, is_admin: values.is_admin, access_tier: values.access_tier })
        : await create.mutateAsync({ email: values.email.trim(), password: values.password, is_admin: values.is_admin, access_tier: values.access_tier });
      toast({ variant: 'success', title: editing ? SUCCESS.userUpdated : SUCCESS.userCreated });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, editing ? FAILURE.updateUser : FAILURE.createUser) });
    }
  });

  return (
    <ModalDialog
      onClose={onClose}
      title={editing ? 'Edit User' : 'Create New User'}
      description={
        editing ? 'Change the plan tier or administrator access of this account.' : 'The account can sign in right away with this email and password.'
      }
    >
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Email Address" error={errors.email?.message} description={editing ? 'The email address cannot be changed.' : undefined}>
          <EmailInput
            readOnly={editing}
            required={!editing}
            autoComplete="off"
            autoFocus={!editing}
            {...register('email', editing ? undefined : NEW_USER_RULES.email)}
          />
        </Field>
        {editing ? null : (
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput placeholder="Required for new users" required autoComplete="new-password" {...register('password', NEW_USER_RULES.password)} />
          </Field>
        )}
        <Field label="Access Tier">
          <Select required {...register('access_tier')}>
            <TierOptions />
          </Select>
        </Field>
        <fieldset className="admin-form__fieldset">
          <legend className="field__label">Admin Status</legend>
          <Switch
            label={isAdmin ? 'Administrator' : 'Standard User'}
            description={
              isCurrent
                ? OWN_ADMIN_REASON
                : isAdmin
                  ? 'Can open this control center and manage everything in it.'
                  : 'Uses the app with the limits of their tier.'
            }
            disabled={isCurrent}
            checked={isAdmin}
            onCheckedChange={(checked) => setValue('is_admin', checked)}
          />
        </fieldset>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? 'Save Changes' : 'Create User'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
