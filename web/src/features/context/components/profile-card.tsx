import { Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { InlineCode } from '@/components/ui/inline-code';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useDeleteProfileValue } from '@/lib/api/delete-profile-value';
import { snippetPreview } from '../utils/format';
import { ContextCard } from './context-card';
import { ProfileEdit } from './profile-edit';

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
          Values about you that fill <InlineCode>[PROFILE: key]</InlineCode> variables. Save one from the workbench.
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
