import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { CloseButton } from './close-button';
import { TOAST_DURATION_MS, type ToastInput, type ToastVariant } from './use-toast';
import './toast.css';

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  duration: number;
  open: boolean;
}

const ICONS: Record<ToastVariant, typeof Info> = { success: CircleCheck, error: CircleAlert, info: Info };

/** The Radix toast region and its notices; ToastProvider loads this module with the first toast. */
export default function ToastViewport({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="down" label="Notification">
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
            <RadixToast.Close asChild>
              <CloseButton label="Close notification" size="sm" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  );
}
