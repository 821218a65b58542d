import { useState } from 'react';

/**
 * For a dialog opened without a <DialogTrigger> (controlled `open`): Radix then returns focus to
 * its (missing) trigger, i.e. nowhere. Call this where the dialog mounts and pass the result as
 * DialogContent's `onCloseAutoFocus`: focus goes back to the element focused when it opened.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (event: Event) => {
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus({ preventScroll: true });
  };
}
