import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Snippet } from '@shared/contract/context';
import { limitMessage } from '@shared/tiers';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { InlineCode } from '@/components/ui/inline-code';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { useDeleteSnippet } from '../api/delete-snippet';
import { snippetPreview } from '../utils/format';
import { ContextCard } from './context-card';
import { SnippetDialog } from './snippet-dialog';

export const DELETE_SNIPPET_CONFIRM = 'Are you sure you want to delete this snippet?';

export interface SnippetsCardProps {
  snippets: Snippet[];
  /** The plan's max_snippets; `null` when unlimited. */
  maxSnippets: number | null;
  onError: (error: unknown) => void;
}

/** The Context Snippets card: the list, 'New Snippet' (blocked at the plan limit), edit and delete. */
export function SnippetsCard({ snippets, maxSnippets, onError }: SnippetsCardProps) {
  const [target, setTarget] = useState<Snippet | 'new' | null>(null);
  const remove = useDeleteSnippet();
  const atLimit = maxSnippets !== null && snippets.length >= maxSnippets;
  // A team's viewer reads the snippets: New, Edit and Delete give way to the reason.
  const readOnly = useReadOnlyReason();

  const { confirm } = useDialogs();
  const onDelete = async (snippet: Snippet) => {
    if (!(await confirm(DELETE_SNIPPET_CONFIRM, { confirmLabel: 'Delete', danger: true }))) return;
    remove.mutate(snippet.id, { onError });
  };

  return (
    <ContextCard
      titleId="snippets-title"
      icon={<FileText />}
      title="Context Snippets"
      subtitle={
        <>
          Reusable blocks of text. Insert one into a prompt with <InlineCode>[SNIPPET: Snippet Name]</InlineCode>.
        </>
      }
      action={
        readOnly ? null : (
          <Button
            className="context-card__action"
            icon={<Plus aria-hidden="true" />}
            disabled={atLimit}
            onClick={() => setTarget('new')}
            aria-describedby={atLimit ? 'snippet-limit-note' : undefined}
          >
            New Snippet
          </Button>
        )
      }
    >
      <div className="context-card__meta">
        <span>{maxSnippets === null ? `${snippets.length} ${snippets.length === 1 ? 'snippet' : 'snippets'}` : `${snippets.length}/${maxSnippets} used`}</span>
      </div>
      {readOnly ? <ReadOnlyNote>{readOnly}</ReadOnlyNote> : null}
      {atLimit && !readOnly ? (
        <p id="snippet-limit-note" className="context-note">
          {limitMessage('max_snippets', maxSnippets)}
        </p>
      ) : null}

      {snippets.length === 0 ? (
        <p className="context-empty">You haven't created any snippets yet.</p>
      ) : (
        <ul className="snippet-list" aria-label="Snippets">
          {snippets.map((snippet) => (
            <li key={snippet.id} className="snippet-item">
              <div className="snippet-item__text">
                <h3 className="snippet-item__name">{snippet.snippet_name}</h3>
                <p className="snippet-item__preview">{snippetPreview(snippet.snippet_content)}</p>
              </div>
              {readOnly ? null : (
                <div className="snippet-item__actions">
                  <IconButton label={`Edit ${snippet.snippet_name}`} title="Edit" icon={<Pencil />} onClick={() => setTarget(snippet)} />
                  <IconButton
                    label={`Delete ${snippet.snippet_name}`}
                    title="Delete"
                    variant="danger"
                    icon={<Trash2 />}
                    loading={remove.isPending && remove.variables === snippet.id}
                    onClick={() => onDelete(snippet)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <SnippetDialog target={target} onClose={() => setTarget(null)} />
    </ContextCard>
  );
}
