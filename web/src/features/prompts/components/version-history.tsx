import { ModalDialog } from '@/components/ui/modal-dialog';
import { HistoryBody, type HistoryBodyProps } from './history-body';
import './versions.css';

export interface VersionHistoryProps extends HistoryBodyProps {
  /** Mount it to open it; closing calls this (focus goes back to the control that opened it). */
  onClose: () => void;
}

/**
 * A prompt's version history (docs/product.md, My Prompts): every version with its time and origin, a line-by-line
 * diff of any two of them, and Restore, which makes an older version's content a new version.
 */
export function VersionHistory({ prompt, onClose, onRestored, confirmRestore }: VersionHistoryProps) {
  return (
    <ModalDialog
      onClose={onClose}
      title={`History of “${prompt.title}”`}
      description="Every save keeps the previous version. Compare any two, or restore an older one as a new version."
      size="xl"
      className="version-history"
    >
      <HistoryBody prompt={prompt} onRestored={onRestored} confirmRestore={confirmRestore} />
    </ModalDialog>
  );
}
