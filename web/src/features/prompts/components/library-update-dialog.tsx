import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import type { Prompt } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLibraryUpdate } from '../api/get-library-update';
import { useResolveLibraryUpdate } from '../api/resolve-library-update';
import { DiffView } from './diff-view';
import './versions.css';

export const UPDATED_IN_LIBRARY = 'Updated in library';

export interface LibraryUpdateDialogProps {
  /** The fork whose original changed; the dialog is shown while there is one. */
  prompt: Prompt | null;
  onClose: () => void;
}

/**
 * Fork lineage (issue 11): the library original of a copied prompt changed. Shows the user's
 * version against the library's, then pulls the change in (a new version: nothing of theirs is
 * lost) or dismisses it.
 */
export function LibraryUpdateDialog({ prompt, onClose }: LibraryUpdateDialogProps) {
  return prompt ? <UpdateBody key={prompt.id} prompt={prompt} onClose={onClose} /> : null;
}

function UpdateBody({ prompt, onClose }: { prompt: Prompt; onClose: () => void }) {
  const returnFocus = useReturnFocus();
  const { toast } = useToast();
  const query = useLibraryUpdate(prompt.id);
  const resolve = useResolveLibraryUpdate();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const busy = resolve.isPending;

  const act = async (action: 'pull' | 'dismiss') => {
    setError(null);
    try {
      const result = await resolve.mutateAsync({ id: prompt.id, action });
      const version = action === 'pull' && result && typeof result === 'object' && 'version' in result ? result.version : null;
      toast({ variant: 'success', title: action === 'pull' ? `Pulled the library update${version ? ` as version ${version}` : ''}.` : 'Dismissed the library update.' });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, action === 'pull' ? 'Failed to pull the update.' : 'Failed to dismiss the update.'));
    }
  };

  const data = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title={UPDATED_IN_LIBRARY}
        description={`The library prompt “${prompt.title}” was copied from has changed. Pull the update in as a new version (your current text stays in the history) or dismiss it.`}
        size="lg"
        className="library-update"
        onCloseAutoFocus={returnFocus}
      >
        {query.isPending ? (
          <p className="version-history__status" role="status">
            <Spinner size="sm" /> Loading the library version...
          </p>
        ) : query.isError ? (
          <p className="prompts-alert" role="alert">
            {errorMessage(query.error, 'Could not load the library version.')}
          </p>
        ) : (
          <div className="version-diff">
            <p className="library-update__legend">
              <span>
                <span aria-hidden="true">− </span>Your version
              </span>
              <span>
                <span aria-hidden="true">+ </span>Library
              </span>
            </p>
            {!data!.changed ? <p className="version-history__note">Your copy already has this version of the library prompt.</p> : null}
            {data!.prompt.title !== data!.library.title ? (
              <div className="version-diff__part">
                <h3 className="version-diff__label">Title</h3>
                <DiffView before={data!.prompt.title} after={data!.library.title} label="Title: your version against the library" />
              </div>
            ) : null}
            <div className="version-diff__part">
              <h3 className="version-diff__label">Body</h3>
              <DiffView before={data!.prompt.body} after={data!.library.body} label="Body: your version against the library" />
            </div>
          </div>
        )}
        {error ? (
          <p id={errorId} className="prompts-alert" role="alert">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          {query.isError ? (
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
          ) : (
            <>
              <Button variant="secondary" loading={busy && resolve.variables?.action === 'dismiss'} disabled={busy || !data} onClick={() => void act('dismiss')}>
                Dismiss
              </Button>
              <Button icon={<Download aria-hidden="true" />} loading={busy && resolve.variables?.action === 'pull'} disabled={busy || !data} onClick={() => void act('pull')}>
                Pull update
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
