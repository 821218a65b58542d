import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  /** Heading of the dialog; the message itself stays word for word as docs/product.md gives it. */
  title?: string;
  /** Label of the confirming button (default 'OK'). */
  confirmLabel?: string;
  /** Label of the declining button (default 'Cancel'). */
  cancelLabel?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
}

export interface AlertOptions {
  title?: string;
  /** A link shown beside OK (a limit message links to the plans). */
  link?: { to: string; label: string };
}

export interface DialogsApi {
  /** Asks in the product's own dialog; resolves true when confirmed, false on Cancel or Escape. */
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  /** Tells in the product's own dialog; resolves when dismissed. */
  alert: (message: string, options?: AlertOptions) => Promise<void>;
}

export const DialogsContext = createContext<DialogsApi | null>(null);

/** In-app replacements for window.confirm / window.alert (see DialogsProvider). */
export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs must be used inside <DialogsProvider>.');
  return api;
}
