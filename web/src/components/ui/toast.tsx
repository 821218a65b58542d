import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { TOAST_DURATION_MS, type ToastApi, ToastContext, type ToastInput, type ToastVariant } from './use-toast';
import './toast.css';

interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  duration: number;
  open: boolean;
}

const ICONS: Record<ToastVariant, typeof Info> = { success: CircleCheck, error: CircleAlert, info: Info };
/** Time for the exit animation before a closed toast leaves the DOM. */
const EXIT_MS = 200;

/** Hosts the toast notices (success, error, info) at the top of the viewport; use with useToast(). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
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
    setToasts((list) => [...list, item]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="up" label="Notification">
        {children}
        {toasts.map((t) => {
          const Icon = ICONS[t.variant];
          return (
            <RadixToast.Root
              key={t.id}
              open={t.open}
              duration={t.duration}
              onOpenChange={(open) => {
                if (!open) dismiss(t.id);
              }}
              type={t.variant === 'error' ? 'foreground' : 'background'}
              className={`toast toast--${t.variant}`}
              data-variant={t.variant}
            >
              <Icon className="toast__icon" aria-hidden="true" />
              <div className="toast__content">
                <RadixToast.Title className="toast__title">{t.title}</RadixToast.Title>
                {t.description ? <RadixToast.Description className="toast__description">{t.description}</RadixToast.Description> : null}
              </div>
              <RadixToast.Close className="toast__close" aria-label="Close notification">
                <X aria-hidden="true" />
              </RadixToast.Close>
            </RadixToast.Root>
          );
        })}
        <RadixToast.Viewport className="toast-viewport" />
      </RadixToast.Provider>
    </ToastContext>
  );
}
