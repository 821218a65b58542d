import type { MouseEvent } from 'react';
import { prefersReducedMotion } from './media';

/**
 * Scrolls to an in-page section (smoothly, unless the visitor prefers reduced motion) and moves
 * keyboard focus there, so the next Tab continues from the section. The URL is left alone: the
 * router owns history.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

/** onClick for `<a href="#id">`: a plain click scrolls; modified clicks keep the browser's behaviour. */
export function onSectionLinkClick(id: string, after?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (scrollToSection(id)) event.preventDefault();
    after?.();
  };
}
