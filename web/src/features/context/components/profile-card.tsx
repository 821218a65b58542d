import { Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROFILE_VALUE_MAX, ProfileValueInput } from '@shared/contract/context';
import { Button } from '@/components/ui/button';
import { FieldError, fieldIds } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Textarea } from '@/components/ui/textarea';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useDeleteProfileValue } from '@/lib/api/delete-profile-value';
import { usePutProfileValue } from '@/lib/api/put-profile-value';
import { schemaRule } from '@/lib/form-rules';
import { snippetPreview } from '../utils/format';
import { ContextCard } from './context-card';

export interface ProfileCardProps {
  /** The stored PROFILE values, by key. */
  values: Record<string, string>;
  onError: (error: unknown) => void;
}

/**
 * The Profile card: every stored PROFILE value (the workbench saves them from
 * `[PROFILE: key]` variables), each editable in place and deletable after a confirmation.
 */
export function ProfileCard({ values, onError }: ProfileCardProps) {
  const remove = useDeleteProfileValue();
  const { confirm } = useDialogs();
  // The key being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const keys = Object.keys(values).sort((a, b) => a.localeCompare(b));

  const onDelete = async (key: string) => {
    if (
      !(await confirm(`Delete the profile value "${key}"? Prompts that use [PROFILE: ${key}] will ask for it again.`, { confirmLabel: 'Delete', danger: true }))
    )
      return;
    remove.mutate(key, { onError });
  };

  return (
    <ContextCard
      titleId="profile-title"
      icon={<UserRound />}
      title="Profile"
      subtitle={
        <>
          Values about you that fill <code className="context-code">[PROFILE: key]</code> variables. Save one from the workbench.
        </>
      }
    >
      <div className="context-card__meta">
        <span>{`${keys.length} ${keys.length === 1 ? 'value' : 'values'}`}</span>
      </div>
      {keys.length === 0 ? (
        <p className="context-empty">No profile values yet. Open a prompt with a [PROFILE: key] variable and choose 'Save to context'.</p>
      ) : (
        <ul className="snippet-list" aria-label="Profile values">
          {keys.map((key) =>
            editing === key ? (
              <li key={key} className="snippet-item">
                <ProfileEdit profileKey={key} value={values[key] ?? ''} onDone={() => setEditing(null)} onError={onError} />
              </li>
            ) : (
              <li key={key} className="snippet-item">
                <div className="snippet-item__text">
                  <h3 className="snippet-item__name">{key}</h3>
                  <p className="snippet-item__preview">{snippetPreview(values[key] ?? '')}</p>
                </div>
                <div className="snippet-item__actions">
                  <IconButton label={`Edit ${key}`} title="Edit" icon={<Pencil />} onClick={() => setEditing(key)} />
                  <IconButton
                    label={`Delete ${key}`}
                    title="Delete"
                    variant="danger"
                    icon={<Trash2 />}
                    loading={remove.isPending && remove.variables === key}
                    onClick={() => void onDelete(key)}
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </ContextCard>
  );
}

/** The contract's value: not blank, within PROFILE_VALUE_MAX, no control characters. */
const valueRule = { validate: schemaRule(ProfileValueInput.shape.value) };

/** One value edited in place: Save (disabled while blank) stores it, Escape or Cancel leaves it. */
function ProfileEdit({ profileKey, value, onDone, onError }: { profileKey: string; value: string; onDone: () => void; onError: (error: unknown) => void }) {
  const save = usePutProfileValue();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ defaultValues: { value } });
  const id = `profile-${profileKey}`;
  const { errorId } = fieldIds(id);
  const onSave = handleSubmit(({ value }) => save.mutate({ key: profileKey, value }, { onSuccess: onDone, onError }));

  return (
    <form className="profile-edit" onSubmit={(event) => void onSave(event)} noValidate>
      <label htmlFor={id} className="snippet-item__name">
        {profileKey}
      </label>
      <Textarea
        id={id}
        rows={2}
        maxLength={PROFILE_VALUE_MAX}
        aria-describedby={errors.value ? errorId : undefined}
        invalid={Boolean(errors.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
          }
        }}
        autoFocus
        {...register('value', valueRule)}
      />
      {errors.value?.message ? <FieldError id={errorId}>{errors.value.message}</FieldError> : null}
      <div className="snippet-item__actions">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={save.isPending} disabled={!watch('value').trim()}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
