import { useEffect, useRef } from 'react';
import type { SphereField } from '../lib/sphere-field';
import { prefersReducedMotion, usePrefersReducedMotion } from '../lib/media';

/**
 * The decorative sphere field behind the first landing sections. Its code is fetched with a
 * dynamic import() only when this mounts (so only on the landing page), and not at all for
 * reduced motion: then there is no canvas. It never takes pointer input or focus.
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
    import('../lib/sphere-field')
      .then(({ startSphereField }) => {
        if (!cancelled && canvas.current) field = startSphereField(canvas.current);
      })
      .catch(() => {
        // Decorative only: if the chunk cannot load, the page simply has no background.
      });
    return () => {
      cancelled = true;
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
