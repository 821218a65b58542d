import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogClose } from './dialog';
import './dialog.css';

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
