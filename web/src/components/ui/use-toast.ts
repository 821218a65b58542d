import { createContext, useContext } from 'react';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a notice at the top of the viewport; returns its id. */
  toast: (input: ToastInput) => number;
  dismiss: (id: number) => void;
}

/** docs/product.md, Dialogs and feedback: toast notices auto-dismiss after 5 s. */
export const TOAST_DURATION_MS = 5000;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
