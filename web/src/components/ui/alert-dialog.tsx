import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from './button';
import type { AlertOptions, ConfirmOptions } from './use-dialogs';
import './dialog.css';

interface Pending {
  id: number;
  message: string;
  resolve: (ok: boolean) => void;
  /** What had focus when it was asked for. */
  opener: HTMLElement | null;
}

export type PendingDialog = (Pending & { kind: 'confirm'; options: ConfirmOptions }) | (Pending & { kind: 'alert'; options: AlertOptions });

/** One confirmation or alert; DialogsProvider loads this module with the first one. */
export default function AlertDialogView({ dialog, onSettled }: { dialog: PendingDialog; onSettled: (id: number) => void }) {
  const [open, setOpen] = useState(true);
  const answer = (ok: boolean) => {
    setOpen(false);
    dialog.resolve(ok);
    onSettled(dialog.id);
  };
  const title = dialog.options.title ?? (dialog.kind === 'confirm' ? 'Please confirm' : 'Notice');
  const confirmOptions = dialog.kind === 'confirm' ? dialog.options : undefined;
  const link = dialog.kind === 'alert' ? dialog.options.link : undefined;
  return (
    // Escape answers like Cancel (or OK for an alert); a click on the backdrop does nothing.
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && answer(false)}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="dialog__overlay" />
        <RadixAlertDialog.Content
          className="dialog dialog--sm"
          data-kind={dialog.kind}
          onCloseAutoFocus={(event) => {
            if (!dialog.opener?.isConnected) return;
            event.preventDefault();
            dialog.opener.focus({ preventScroll: true });
          }}
        >
          <header className="dialog__header">
            <RadixAlertDialog.Title className="dialog__title">{title}</RadixAlertDialog.Title>
          </header>
          <div className="dialog__body">
            <RadixAlertDialog.Description className="dialog__message">{dialog.message}</RadixAlertDialog.Description>
            <div className="dialog__footer">
              {link ? (
                <Link to={link.to} className={buttonClassName({ variant: 'secondary' })} onClick={() => answer(true)}>
                  {link.label}
                </Link>
              ) : null}
              {dialog.kind === 'confirm' ? (
                <RadixAlertDialog.Cancel className={buttonClassName({ variant: 'secondary' })} onClick={() => answer(false)}>
                  {confirmOptions?.cancelLabel ?? 'Cancel'}
                </RadixAlertDialog.Cancel>
              ) : null}
              <RadixAlertDialog.Action className={buttonClassName({ variant: confirmOptions?.danger ? 'danger' : 'primary' })} onClick={() => answer(true)}>
                {confirmOptions?.confirmLabel ?? 'OK'}
              </RadixAlertDialog.Action>
            </div>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
