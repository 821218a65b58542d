import { type RefObject, useEffect } from 'react';
import { REDUCED_MOTION } from './media';

export interface TiltOptions {
  /** Largest rotation on either axis, in degrees. */
  max: number;
  /** Scale while the pointer is over the element. */
  scale: number;
  /** Transition length in milliseconds. */
  speed: number;
  /** Perspective distance in pixels. */
  perspective: number;
}

/** The landing figures from docs/product.md: max 15, scale 1.05, speed 400. */
export const CARD_TILT: TiltOptions = { max: 15, scale: 1.05, speed: 400, perspective: 1000 };

/**
 * The transform for a pointer at (x, y) relative to a box of width × height: the side under the
 * pointer tips away from the viewer, up to `max` degrees at the edges.
 */
export function tiltTransform(x: number, y: number, width: number, height: number, { max, scale, perspective }: TiltOptions): string {
  const px = width > 0 ? Math.min(Math.max(x / width, 0), 1) : 0.5;
  const py = height > 0 ? Math.min(Math.max(y / height, 0), 1) : 0.5;
  const rotateY = (px - 0.5) * 2 * max;
  const rotateX = (0.5 - py) * 2 * max;
  return `perspective(${perspective}px) rotateX(${rotateX.toFixed(2)}deg) rotateY(${rotateY.toFixed(2)}deg) scale3d(${scale}, ${scale}, ${scale})`;
}

/**
 * Pointer-driven 3D tilt in plain TypeScript. Only for a fine pointer (mouse, pen) and only while
 * the visitor has not asked for reduced motion; touch never tilts. Also sets `--tilt-x` and
 * `--tilt-y` (0–100%) on the element for a glare highlight.
 */
export function useTilt(ref: RefObject<HTMLElement | null>, options: TiltOptions = CARD_TILT): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof window.matchMedia !== 'function') return;
    const reduced = window.matchMedia(REDUCED_MOTION);
    const finePointer = window.matchMedia('(hover: hover) and (pointer: fine)');

    let frame = 0;
    let last: PointerEvent | null = null;
    // The transform eases over `speed` ms. An element whose stylesheet already transitions
    // transform (the feature card does, with --duration-tilt) keeps its own CSS; otherwise the
    // transition is added inline next to the element's other transitions.
    const ensureTransition = () => {
      const style = getComputedStyle(element);
      if (/\b(transform|all)\b/.test(style.transitionProperty) && style.transitionDuration !== '0s') return;
      const tilt = `transform ${options.speed}ms cubic-bezier(0.03, 0.98, 0.52, 0.99)`;
      const own = style.transitionProperty === 'none' || style.transitionDuration === '0s' ? '' : style.transition;
      element.style.transition = own ? `${own}, ${tilt}` : tilt;
    };

    const enabled = () => !reduced.matches && finePointer.matches;

    const apply = () => {
      frame = 0;
      if (!last) return;
      const rect = element.getBoundingClientRect();
      const x = last.clientX - rect.left;
      const y = last.clientY - rect.top;
      element.style.transform = tiltTransform(x, y, rect.width, rect.height, options);
      element.style.setProperty('--tilt-x', `${((x / rect.width) * 100).toFixed(1)}%`);
      element.style.setProperty('--tilt-y', `${((y / rect.height) * 100).toFixed(1)}%`);
    };

    const onEnter = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || !enabled()) return;
      ensureTransition();
      element.style.willChange = 'transform';
      element.dataset.tilting = 'true';
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || !enabled()) return;
      last = event;
      if (!frame) frame = requestAnimationFrame(apply);
    };
    const reset = () => {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      last = null;
      element.style.transform = '';
      element.style.willChange = '';
      delete element.dataset.tilting;
    };

    element.addEventListener('pointerenter', onEnter);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerleave', reset);
    element.addEventListener('pointercancel', reset);
    reduced.addEventListener('change', reset);
    return () => {
      element.removeEventListener('pointerenter', onEnter);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerleave', reset);
      element.removeEventListener('pointercancel', reset);
      reduced.removeEventListener('change', reset);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, options]);
}
