import * as RadixPopover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cx } from './cx';
import './popover.css';

/**
 * A non-modal popover on Radix: it opens from its trigger (aria-expanded, aria-controls), closes
 * on Escape and on a click outside, and returns focus to the trigger. Compose as
 * <Popover open onOpenChange><PopoverTrigger asChild>…</PopoverTrigger><PopoverContent>…</PopoverContent></Popover>.
 * The content has role="dialog": name it with aria-label or aria-labelledby.
 */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverAnchor = RadixPopover.Anchor;
export const PopoverClose = RadixPopover.Close;

export interface PopoverContentProps extends ComponentProps<typeof RadixPopover.Content> {
  /** Draw the small arrow pointing at the trigger (default true). */
  arrow?: boolean;
}

export function PopoverContent({ className, children, arrow = true, sideOffset = 6, collisionPadding = 12, ...rest }: PopoverContentProps) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content className={cx('popover', className)} sideOffset={sideOffset} collisionPadding={collisionPadding} {...rest}>
        {children}
        {arrow ? <RadixPopover.Arrow className="popover__arrow" width={14} height={7} /> : null}
      </RadixPopover.Content>
    </RadixPopover.Portal>
  );
}
