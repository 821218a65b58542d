import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { PendingDialog } from './alert-dialog';
import { type AlertOptions, type ConfirmOptions, type DialogsApi, DialogsContext } from './use-dialogs';

/** The Radix alert dialog loads with the first question, not on the first visit. */
const AlertDialogView = lazy(() => import('./alert-dialog'));

/**
 * Hosts the app's confirmations and alerts: one at a time, in order, each a modal alertdialog that
 * keeps focus, returns it to where it was, and never closes on a backdrop click.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingDialog[]>([]);
  const nextId = useRef(1);

  const push = useCallback((dialog: Omit<PendingDialog, 'id' | 'opener'>) => {
    // Focus goes back here when it is answered (Radix would send it to a trigger there is none of).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setQueue((list) => [...list, { ...dialog, opener, id: nextId.current++ } as PendingDialog]);
  }, []);

  const settle = useCallback((id: number) => setQueue((list) => list.filter((d) => d.id !== id)), []);

  const confirm = useCallback(
    (message: string, options: ConfirmOptions = {}) => new Promise<boolean>((resolve) => push({ kind: 'confirm', message, options, resolve })),
    [push],
  );
  const alert = useCallback(
    (message: string, options: AlertOptions = {}) => new Promise<void>((resolve) => push({ kind: 'alert', message, options, resolve: () => resolve() })),
    [push],
  );

  const api = useMemo<DialogsApi>(() => ({ confirm, alert }), [confirm, alert]);
  const current = queue[0];

  return (
    <DialogsContext value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <AlertDialogView key={current.id} dialog={current} onSettled={settle} />
        </Suspense>
      ) : null}
    </DialogsContext>
  );
}
