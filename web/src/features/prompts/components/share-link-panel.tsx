import { Copy, Link2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSharePrompt } from '../api/share-prompt';
import { useStopSharing } from '../api/unshare-prompt';
import { FALLBACK, SUCCESS, TEXT } from '../utils/messages';
import { DialogError } from './dialog-error';
import './prompt-dialogs.css';

export function ShareLinkPanel({ prompt, onClose }: { prompt: Prompt; onClose: () => void }) {
  const { toast } = useToast();
  const share = useSharePrompt();
  const stop = useStopSharing();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const url = share.data?.url;
  const busy = stop.isPending;

  const { mutate } = share;
  useEffect(() => {
    mutate(prompt.id, { onError: (failure) => setError(errorMessage(failure, FALLBACK.share)) });
  }, [mutate, prompt.id]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: 'success', title: SUCCESS.linkCopied });
    } catch {
      toast({ variant: 'error', title: 'Could not copy. Select the link and copy it yourself.' });
    }
  };

  const stopSharing = async () => {
    setError(null);
    try {
      await stop.mutateAsync(prompt.id);
      toast({ variant: 'success', title: SUCCESS.unshared(prompt.title) });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, FALLBACK.unshare));
    }
  };

  return (
    <ModalDialog
      onClose={onClose}
      busy={busy}
      title={TEXT.share}
      description="Anyone with the link can read this prompt and fork it into their own account. They never see your email."
      size="sm"
      className="share-dialog"
    >
      <p className="share-dialog__prompt">
        <Link2 aria-hidden="true" />
        <span className="visually-hidden">Prompt: </span>
        <span className="share-dialog__title">{prompt.title}</span>
      </p>

      {share.isPending ? (
        <p className="share-dialog__status" role="status">
          <Spinner size="sm" /> Creating the link...
        </p>
      ) : null}

      {url ? (
        <div className="share-dialog__link">
          <Field label="Public link">
            <Input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <Button variant="secondary" icon={<Copy />} onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      ) : null}

      <DialogError id={errorId}>{error}</DialogError>

      <DialogFooter>
        {url ? (
          <Button variant="danger" loading={busy} onClick={() => void stopSharing()}>
            {busy ? 'Stopping...' : 'Stop sharing'}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
