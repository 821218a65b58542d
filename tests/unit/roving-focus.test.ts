import { describe, expect, it } from 'vitest';
import { rovingTarget } from '../../web/src/components/ui/roving-focus';

describe('rovingTarget (tab lists)', () => {
  it('moves with the arrows of its orientation and wraps at both ends', () => {
    expect(rovingTarget('ArrowRight', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowRight', 2, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingTarget('ArrowDown', 1, 3)).toBeUndefined();
    expect(rovingTarget('ArrowDown', 1, 3, 'vertical')).toBe(2);
    expect(rovingTarget('ArrowUp', 0, 3, 'vertical')).toBe(2);
    // A vertical sidebar becomes a horizontal strip on small screens: Left/Right work there too.
    expect(rovingTarget('ArrowRight', 1, 3, 'vertical')).toBe(2);
  });

  it('jumps to the ends with Home and End and ignores other keys', () => {
    expect(rovingTarget('Home', 2, 3)).toBe(0);
    expect(rovingTarget('End', 0, 3)).toBe(2);
    expect(rovingTarget('Enter', 1, 3)).toBeUndefined();
    expect(rovingTarget('a', 1, 3, 'vertical')).toBeUndefined();
  });
});
