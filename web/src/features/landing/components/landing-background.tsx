import { useEffect, useRef } from 'react';
import { prefersReducedMotion, usePrefersReducedMotion } from '../lib/media';
import type { SphereField } from '../lib/sphere-field';

/** The visitor's first sign of life on the page: the field starts then. */
const FIRST_INTERACTION = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown'] as const;

/**
 * The decorative sphere field behind the first landing sections. Its code is fetched with a
 * dynamic import() only on the landing page, and not at all for reduced motion: then there is no
 * canvas. It never takes pointer input or focus. It starts at the visitor's first interaction
 * (a pointer move, a touch, a scroll, a key), not at load: on a phone its frames took most of the
 * main thread while the page was still becoming usable (docs/decisions.md, "Landing background").
 */
export function LandingBackground() {
  const reduced = usePrefersReducedMotion();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // Hydrating the prerendered page renders first as the build did (motion allowed): ask the
    // browser itself, so the chunk is not fetched for a visitor who asked for less motion.
    if (reduced || prefersReducedMotion()) return;
    let field: SphereField | undefined;
    let cancelled = false;
    const start = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, start);
      import('../lib/sphere-field')
        .then(({ startSphereField }) => {
          if (!cancelled && canvas.current) field = startSphereField(canvas.current);
        })
        .catch(() => {
          // Decorative only: if the chunk cannot load, the page simply has no background.
        });
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { passive: true });
    return () => {
      cancelled = true;
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, start);
      field?.stop();
    };
  }, [reduced]);

  if (reduced) return null;
  return (
    <div className="landing-bg" aria-hidden="true">
      <canvas ref={canvas} className="landing-bg__canvas" data-testid="landing-background" />
    </div>
  );
}
