import { Pencil, Trash2, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PROFILE_VALUE_MAX } from '@shared/contract/context';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Textarea } from '@/components/ui/textarea';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useProfileMutations } from '@/lib/context-api';
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
  const { save, remove } = useProfileMutations();
  const { confirm } = useDialogs();
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const keys = Object.keys(values).sort((a, b) => a.localeCompare(b));

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!editing?.value.trim()) return;
    save.mutate(editing, { onSuccess: () => setEditing(null), onError });
  };

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
            editing?.key === key ? (
              <li key={key} className="snippet-item">
                <form className="profile-edit" onSubmit={onSave}>
                  <label htmlFor={`profile-${key}`} className="snippet-item__name">
                    {key}
                  </label>
                  <Textarea
                    id={`profile-${key}`}
                    rows={2}
                    value={editing.value}
                    maxLength={PROFILE_VALUE_MAX}
                    onChange={(e) => setEditing({ key, value: e.target.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') {
                        e.preventDefault();
                        setEditing(null);
                      }
                    }}
                    autoFocus
                  />
                  <div className="snippet-item__actions">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                    <Button type="submit" size="sm" loading={save.isPending} disabled={!editing.value.trim()}>
                      {save.isPending ? 'Saving...' : 'Save'}
                    </Button>
                  </div>
                </form>
              </li>
            ) : (
              <li key={key} className="snippet-item">
                <div className="snippet-item__text">
                  <h3 className="snippet-item__name">{key}</h3>
                  <p className="snippet-item__preview">{snippetPreview(values[key] ?? '')}</p>
                </div>
                <div className="snippet-item__actions">
                  <IconButton label={`Edit ${key}`} title="Edit" icon={<Pencil />} onClick={() => setEditing({ key, value: values[key] ?? '' })} />
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
