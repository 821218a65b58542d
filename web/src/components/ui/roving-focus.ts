const NEXT = { horizontal: ['ArrowRight'], vertical: ['ArrowDown', 'ArrowRight'] };
const PREVIOUS = { horizontal: ['ArrowLeft'], vertical: ['ArrowUp', 'ArrowLeft'] };

/**
 * WAI-ARIA roving focus in a tab list: the index a key moves to (wrapping at the ends; Home and
 * End jump there), or `undefined` for keys the list does not handle. A vertical list also takes
 * Left/Right, as it becomes a horizontal strip on small screens.
 */
export function rovingTarget(key: string, current: number, count: number, orientation: 'horizontal' | 'vertical' = 'horizontal'): number | undefined {
  const last = count - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (NEXT[orientation].includes(key)) return current >= last ? 0 : current + 1;
  if (PREVIOUS[orientation].includes(key)) return current <= 0 ? last : current - 1;
  return undefined;
}
