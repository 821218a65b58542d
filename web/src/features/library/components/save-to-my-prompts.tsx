import { BookmarkCheck, BookmarkPlus, Folder, Inbox } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import type { LibraryPrompt } from '@shared/contract/library';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { useCategories } from '@/lib/api/get-categories';
import { ApiError } from '@/lib/api-client';
import { useForkLibraryPrompt } from '../api/fork-library-prompt';
import { messages, saveAgainQuestion } from '../utils/format';
import './library-card.css';
import '@/components/ui/list-option.css';
import './save-menu.css';

/** Up/Down/Home/End move between the options of the menu (Tab works too). */
function onOptionsKeyDown(event: KeyboardEvent<HTMLUListElement>) {
  const options = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = options.indexOf(document.activeElement as HTMLButtonElement);
  const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: options.length - 1 }[event.key];
  if (target === undefined || !options.length) return;
  event.preventDefault();
  options[(target + options.length) % options.length]?.focus();
}

/**
 * 'Save to My Prompts': an 'Add to Category' popover with the user's categories and
 * 'Uncategorized' (closes on Escape or an outside click); with no category of the user's own
 * there is nothing to choose, so it forks uncategorized at once. Choosing one forks the prompt; the
 * button reads 'Saving...' meanwhile, then a toast reports the success, an alert dialog the failure.
 * When the user already holds a copy (`saved`) it reads 'Saved ✓', and asks before a second copy.
 * At the plan's prompt limit it is disabled, described by the page's limit note (`heldNoteId`).
 */
export function SaveToMyPrompts({
  prompt,
  describedBy,
  saved = false,
  heldNoteId,
}: {
  prompt: LibraryPrompt;
  describedBy?: string;
  saved?: boolean;
  heldNoteId?: string;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const fork = useForkLibraryPrompt();
  const { alert, confirm } = useDialogs();
  const { toast } = useToast();
  // Read before the press: with no category of one's own there is nothing to choose, so Save forks at once.
  const categories = useCategories({ enabled: open || heldNoteId === undefined });
  const saving = fork.isPending;

  const choose = (categoryId: string | null) => {
    setOpen(false);
    fork.mutate(
      { promptId: prompt.id, categoryId },
      {
        onSuccess: () => toast({ title: messages.forkSucceeded(prompt.title), variant: 'success' }),
        onError: (error) => void alert(error instanceof ApiError && error.detail ? messages.forkError(error.detail) : messages.forkFailed),
      },
    );
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (saving) return setOpen(false);
        const pick = async () => {
          const list = categories.data ?? (await categories.refetch()).data;
          if (list?.length === 0) choose(null);
          else setOpen(true);
        };
        if (next && saved) {
          void confirm(saveAgainQuestion(prompt.title), { title: 'Already in My Prompts', confirmLabel: 'Save another copy' }).then(
            (again) => again && void pick(),
          );
          return;
        }
        if (next) return void pick();
        setOpen(false);
      }}
    >
      <PopoverTrigger asChild>
        {/* Not `disabled` while saving: the button keeps focus, so focus is not lost to the page. */}
        <Button
          size="sm"
          className="lib-card__save"
          variant={saved && !saving ? 'secondary' : 'primary'}
          icon={saving ? <Spinner size="sm" /> : saved ? <BookmarkCheck aria-hidden="true" /> : <BookmarkPlus aria-hidden="true" />}
          aria-busy={saving || undefined}
          aria-disabled={saving || undefined}
          disabled={heldNoteId !== undefined && !saving}
          aria-describedby={[describedBy, heldNoteId].filter(Boolean).join(' ') || undefined}
        >
          {saving ? 'Saving...' : saved ? 'Saved ✓' : 'Save to My Prompts'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="save-menu" aria-labelledby={headingId} align="start">
        <h4 id={headingId} className="save-menu__title">
          Add to Category
        </h4>
        <ul className="save-menu__options" onKeyDown={onOptionsKeyDown}>
          <li>
            <button type="button" className="list-option save-menu__option" onClick={() => choose(null)}>
              <Inbox aria-hidden="true" />
              <span>Uncategorized</span>
            </button>
          </li>
          {(categories.data ?? []).map((category) => (
            <li key={category.id}>
              <button type="button" className="list-option save-menu__option" onClick={() => choose(category.id)}>
                <Folder aria-hidden="true" />
                <span>{category.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {categories.isPending ? (
          <p className="save-menu__note" role="status">
            <Spinner size="sm" />
            Loading your categories...
          </p>
        ) : null}
        {categories.isError ? (
          <p className="save-menu__note" role="status">
            Could not load your categories.
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
