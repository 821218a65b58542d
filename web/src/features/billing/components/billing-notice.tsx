import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';

export type NoticeTone = 'success' | 'info' | 'error';

const ICONS = { success: CircleCheck, info: Info, error: CircleAlert } as const;

export interface BillingNoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  /** Announce at once (role="alert") even though it is not an error. */
  urgent?: boolean;
}

/**
 * A message banner of the pricing page. Errors (and urgent notes) are role="alert", announced at
 * once; the others role="status". The UI kit's Alert has no success tone, which the return from
 * checkout needs, hence this small banner.
 */
export function BillingNotice({ tone, children, urgent = false }: BillingNoticeProps) {
  const Icon = ICONS[tone];
  return (
    <div role={urgent || tone === 'error' ? 'alert' : 'status'} className={`billing-notice billing-notice--${tone}`}>
      <Icon className="billing-notice__icon" aria-hidden="true" />
      <p className="billing-notice__message">{children}</p>
    </div>
  );
}
