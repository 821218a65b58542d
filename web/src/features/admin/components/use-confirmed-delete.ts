import { useCallback, useEffect, useRef } from 'react';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { focusPanelHeading } from './panel-header';

/**
 * The panels' delete: the spec's confirmation in the product's dialog, then the call, then a toast
 * (the server's detail when it refuses) and the focus back on the panel's heading, since the row
 * that held it is gone.
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<unknown>, messages: { confirm: string; success: string; failure: string }) {
  const { toast } = useToast();
  const { confirm } = useDialogs();
  const { confirm: question, success, failure } = messages;
  // The latest `remove` without making the callback new on each render (the rows are memoised).
  const removeRef = useRef(remove);
  useEffect(() => {
    removeRef.current = remove;
  });
  return useCallback(
    async (row: T) => {
      if (!(await confirm(question, { confirmLabel: 'Delete', danger: true }))) return;
      try {
        await removeRef.current(row);
        toast({ variant: 'success', title: success });
        focusPanelHeading();
      } catch (error) {
        toast({ variant: 'error', title: errorMessage(error, failure) });
      }
    },
    [confirm, toast, question, success, failure],
  );
}
