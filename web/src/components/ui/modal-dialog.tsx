import { Dialog } from './dialog';
import { DialogContent, type DialogContentProps } from './dialog-content';
import { useReturnFocus } from './use-return-focus';
import './dialog.css';

export interface ModalDialogProps extends DialogContentProps {
  /** Escape, the close button or a click outside asked to close it. */
  onClose: () => void;
  /** While true it stays open (a save is under way). */
  busy?: boolean;
}

/**
 * A dialog that is open while it is mounted (no <DialogTrigger>): dismissing it calls `onClose`,
 * unless `busy`, and focus then goes back to the element that had it when the dialog opened
 * (unless the dialog's own `onCloseAutoFocus` prevents that and focuses something else).
 */
export function ModalDialog({ onClose, busy = false, ...content }: ModalDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        {...content}
        onCloseAutoFocus={(event) => {
          // A dialog may send focus elsewhere (the card it just saved) by preventing the default.
          content.onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus(event);
        }}
      />
    </Dialog>
  );
}
