import { type RefObject, useEffect, useState } from 'react';
import { prefersReducedMotion } from './media';

/**
 * True once the element has been at least `threshold` in view (docs/product.md: 30%, once only). The
 * observer lets go of the element after the first reveal. Without IntersectionObserver, or with
 * reduced motion, the element is revealed at once.
 */
export function useRevealOnce(ref: RefObject<Element | null>, threshold = 0.3): boolean {
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || revealed) return;
    if (typeof IntersectionObserver !== 'function' || prefersReducedMotion()) {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= threshold) {
            observer.unobserve(entry.target);
            setRevealed(true);
          }
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, revealed]);

  return revealed;
}
