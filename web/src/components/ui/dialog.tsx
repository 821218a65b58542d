import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { useReturnFocus } from './use-return-focus';
import './dialog.css';

/**
 * Modal dialog on Radix: focus is trapped inside, Escape and the close button close it, focus
 * returns to the trigger. Compose as <Dialog open onOpenChange><DialogContent title=...>.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Accessible name of the close button. */
  closeLabel?: string;
}

export function DialogContent({ title, description, size = 'md', closeLabel = 'Close', className, children, ...rest }: DialogContentProps) {
  // Without a description Radix wants aria-describedby explicitly unset.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog__overlay" />
      <RadixDialog.Content className={cx('dialog', `dialog--${size}`, className)} {...describedBy} {...rest}>
        <header className="dialog__header">
          <div className="dialog__heading">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description> : null}
          </div>
          <RadixDialog.Close className="dialog__close" aria-label={closeLabel}>
            <X aria-hidden="true" />
          </RadixDialog.Close>
        </header>
        <div className="dialog__body">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** Action row at the bottom of a dialog. */
export function DialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx('dialog__footer', className)} {...rest} />;
}

/** The footer's secondary button that closes the dialog: Cancel unless told otherwise (Close, Done). */
export function DialogCancel({ children = 'Cancel', disabled }: { children?: ReactNode; disabled?: boolean }) {
  return (
    <DialogClose asChild>
      <Button variant="secondary" disabled={disabled}>
        {children}
      </Button>
    </DialogClose>
  );
}

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
