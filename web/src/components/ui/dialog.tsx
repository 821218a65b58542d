import * as RadixDialog from '@radix-ui/react-dialog';
import './dialog.css';

/**
 * Modal dialog on Radix: focus is trapped inside, Escape and the close button close it, focus
 * returns to the trigger. Compose as <Dialog open onOpenChange><DialogContent title=...>.
 */
export const Dialog = RadixDialog.Root;

export const DialogTrigger = RadixDialog.Trigger;

export const DialogClose = RadixDialog.Close;
