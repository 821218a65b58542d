import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/** An error inside one of My Prompts' dialogs (role="alert"): the kit's alert, without an icon. Nothing when empty. */
export function DialogError({ id, children }: { id?: string; children: ReactNode }) {
  if (children == null || children === false || children === '') return null;
  return (
    <Alert icon={false} className="prompts-alert" id={id}>
      {children}
    </Alert>
  );
}
