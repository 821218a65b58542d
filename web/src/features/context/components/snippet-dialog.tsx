import type { Snippet } from '@shared/contract/context';
import { Dialog } from '@/components/ui/dialog';
import { SnippetForm } from './snippet-form';

export interface SnippetDialogProps {
  /** `null`: closed; `'new'`: create; a snippet: edit it. */
  target: Snippet | 'new' | null;
  onClose: () => void;
}

/** Create or edit a snippet. Saving closes the dialog and reloads the list; server errors show inline. */
export function SnippetDialog({ target, onClose }: SnippetDialogProps) {
  if (!target) return null;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SnippetForm key={target === 'new' ? 'new' : target.id} snippet={target === 'new' ? null : target} onClose={onClose} />
    </Dialog>
  );
}
