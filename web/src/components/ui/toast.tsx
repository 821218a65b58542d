import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { ToastItem } from './toast-viewport';
import { TOAST_DURATION_MS, type ToastApi, ToastContext, type ToastInput } from './use-toast';

/**
 * The Radix toast region (about 11 KB gzip with its icons) is loaded with the first toast, not on
 * the first visit: most pages never show one.
 */
const ToastViewport = lazy(() => import('./toast-viewport'));

/** Time for the exit animation before a closed toast leaves the DOM. */
const EXIT_MS = 200;

/** Hosts the toast notices (success, error, info) at the top of the viewport; use with useToast(). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // Once loaded, the region stays mounted (as it always was before the lazy load).
  const [used, setUsed] = useState(false);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    window.setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), EXIT_MS);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const item: ToastItem = {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'info',
      duration: input.duration ?? TOAST_DURATION_MS,
      open: true,
    };
    setUsed(true);
    setToasts((list) => [...list, item]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
