import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { DiffView } from '@/components/diff-view';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDismissLibraryUpdate } from '../api/dismiss-library-update';
import { useLibraryUpdate } from '../api/get-library-update';
import { usePullLibraryUpdate } from '../api/pull-library-update';
import { DialogError } from './dialog-error';
import './versions.css';

export const UPDATED_IN_LIBRARY = 'Updated in library';

export function LibraryUpdateBody({ prompt, onClose }: { prompt: Prompt; onClose: () => void }) {
  const { toast } = useToast();
  const query = useLibraryUpdate(prompt.id);
  const pull = usePullLibraryUpdate();
  const dismiss = useDismissLibraryUpdate();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const busy = pull.isPending || dismiss.isPending;

  const act = async (action: 'pull' | 'dismiss') => {
    setError(null);
    try {
      let version: number | null = null;
      if (action === 'pull') version = (await pull.mutateAsync(prompt.id)).version;
      else await dismiss.mutateAsync(prompt.id);
      toast({
        variant: 'success',
        title: action === 'pull' ? `Pulled the library update${version ? ` as version ${version}` : ''}.` : 'Dismissed the library update.',
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, action === 'pull' ? 'Failed to pull the update.' : 'Failed to dismiss the update.'));
    }
  };

  const data = query.data;
  return (
    <ModalDialog
      onClose={onClose}
      busy={busy}
      title={UPDATED_IN_LIBRARY}
      description={`The library prompt “${prompt.title}” was copied from has changed. Pull the update in as a new version (your current text stays in the history) or dismiss it.`}
      size="lg"
      className="library-update"
    >
      {query.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading the library version...
        </p>
      ) : query.isError ? (
        <DialogError>{errorMessage(query.error, 'Could not load the library version.')}</DialogError>
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
          {!data!.changed ? <p className="status-note">Your copy already has this version of the library prompt.</p> : null}
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
      <DialogError id={errorId}>{error}</DialogError>
      <DialogFooter>
        {query.isError ? (
          <DialogCancel>Close</DialogCancel>
        ) : (
          <>
            <Button variant="secondary" loading={dismiss.isPending} disabled={busy || !data} onClick={() => void act('dismiss')}>
              Dismiss
            </Button>
            <Button icon={<Download aria-hidden="true" />} loading={pull.isPending} disabled={busy || !data} onClick={() => void act('pull')}>
              Pull update
            </Button>
          </>
        )}
      </DialogFooter>
    </ModalDialog>
  );
}
