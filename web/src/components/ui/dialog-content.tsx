import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { CloseButton } from './close-button';
import { cx } from './cx';
import './dialog.css';

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
          <RadixDialog.Close asChild>
            <CloseButton label={closeLabel} className="dialog__close" />
          </RadixDialog.Close>
        </header>
        <div className="dialog__body">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
