/**
 * The landing page's decorative background: small spheres with random links that drift, then
 * gather in clusters, ripple in a cascade and breathe in scale, in a loop. Plain canvas 2D and
 * requestAnimationFrame, no dependencies. This module is loaded with a dynamic import() by the
 * landing page only, so it is its own chunk and no other page downloads it.
 *
 * It never drains a laptop for nothing: the loop stops while the canvas is off-screen
 * (IntersectionObserver) or the tab is hidden (visibilitychange), the backing store is capped
 * at devicePixelRatio 2, and the caller does not start it at all for reduced motion.
 */

export interface SphereFieldOptions {
  /** Number of spheres (docs/product.md: 50). */
  count: number;
  /** Chance that any given pair of spheres is linked (docs/product.md: about 5%). */
  linkProbability: number;
  /** Upper bound for the backing-store pixel ratio. */
  maxPixelRatio: number;
  /** Seconds each behaviour lasts before the next one takes over. */
  phaseSeconds: number;
  /** Random source, replaceable for tests. */
  random: () => number;
}

export const DEFAULT_OPTIONS: SphereFieldOptions = {
  count: 50,
  linkProbability: 0.05,
  maxPixelRatio: 2,
  phaseSeconds: 7,
  random: Math.random,
};

export type Behaviour = 'drift' | 'cluster' | 'cascade' | 'scale';

/** The loop of behaviours: every special behaviour is followed by a calm drift. */
export const BEHAVIOURS: readonly Behaviour[] = ['drift', 'cluster', 'drift', 'cascade', 'drift', 'scale'];

interface Sphere {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Radius in CSS pixels. */
  radius: number;
  /** 0.35–1: far spheres are smaller, fainter and slower. */
  depth: number;
  phase: number;
  /** Which cluster centre the sphere joins, and where around it it settles. */
  cluster: number;
  orbitAngle: number;
  orbitRadius: number;
  /** A short scale "pop" when the cascade front passes (decays to 0). */
  pop: number;
  /** Whether the current cascade front has already passed this sphere. */
  cascaded: boolean;
}

export interface SphereField {
  stop(): void;
}

/** Picks each of the n·(n−1)/2 pairs independently with probability p. */
export function randomLinks(count: number, probability: number, random: () => number): Array<[number, number]> {
  const links: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      if (random() < probability) links.push([i, j]);
    }
  }
  return links;
}

function readColours(canvas: HTMLCanvasElement) {
  const style = getComputedStyle(canvas);
  return {
    sphere: style.getPropertyValue('--color-particle').trim() || '#6366f1',
    link: style.getPropertyValue('--color-particle-link').trim() || 'rgba(99, 102, 241, 0.28)',
  };
}

/** One soft, lit sphere drawn once; every frame stamps it with drawImage. */
function sphereSprite(colour: string): HTMLCanvasElement {
  const size = 64;
  const sprite = document.createElement('canvas');
  sprite.width = size;
  sprite.height = size;
  const ctx = sprite.getContext('2d');
  if (!ctx) return sprite;
  const c = size / 2;
  const body = ctx.createRadialGradient(c * 0.7, c * 0.65, 1, c, c, c);
  body.addColorStop(0, 'rgba(255, 255, 255, 0.95)');
  body.addColorStop(0.28, colour);
  body.addColorStop(1, colour);
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(c, c, c - 1, 0, Math.PI * 2);
  ctx.fill();
  // A darker rim gives the disc its volume.
  const rim = ctx.createRadialGradient(c, c, c * 0.55, c, c, c);
  rim.addColorStop(0, 'rgba(0, 0, 0, 0)');
  rim.addColorStop(1, 'rgba(10, 8, 40, 0.35)');
  ctx.fillStyle = rim;
  ctx.fill();
  return sprite;
}

const smooth = (current: number, target: number, rate: number, dt: number) => current + (target - current) * (1 - Math.exp(-rate * dt));

export function startSphereField(canvas: HTMLCanvasElement, overrides: Partial<SphereFieldOptions> = {}): SphereField {
  const options = { ...DEFAULT_OPTIONS, ...overrides };
  const { random } = options;
  const ctx = canvas.getContext('2d');
  if (!ctx) return { stop() {} };

  let width = 0;
  let height = 0;
  let colours = readColours(canvas);
  let sprite = sphereSprite(colours.sphere);

  const spheres: Sphere[] = Array.from({ length: options.count }, () => {
    const depth = 0.35 + random() * 0.65;
    const angle = random() * Math.PI * 2;
    const speed = (8 + random() * 14) * depth;
    return {
      x: random(),
      y: random(),
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      radius: 1.6 + depth * 3.4,
      depth,
      phase: random() * Math.PI * 2,
      cluster: 0,
      orbitAngle: random() * Math.PI * 2,
      orbitRadius: 12 + random() * 58,
      pop: 0,
      cascaded: false,
    };
  });
  let positionsNormalised = true;
  let links = randomLinks(options.count, options.linkProbability, random);

  // Behaviour weights blend smoothly from one phase to the next.
  const weight: Record<Behaviour, number> = { drift: 1, cluster: 0, cascade: 0, scale: 0 };
  let phaseIndex = 0;
  let phaseTime = 0;
  let clock = 0;
  let centres: Array<{ x: number; y: number }> = [];
  let cascadeFront = -1;

  const enterPhase = (behaviour: Behaviour) => {
    if (behaviour === 'cluster') {
      const k = 3 + Math.floor(random() * 2);
      centres = Array.from({ length: k }, () => ({ x: width * (0.12 + random() * 0.76), y: height * (0.15 + random() * 0.7) }));
      for (const s of spheres) {
        let best = 0;
        let bestDistance = Infinity;
        centres.forEach((c, i) => {
          const d = (c.x - s.x) ** 2 + (c.y - s.y) ** 2;
          if (d < bestDistance) {
            bestDistance = d;
            best = i;
          }
        });
        s.cluster = best;
      }
    } else if (behaviour === 'cascade') {
      cascadeFront = -0.1;
      for (const s of spheres) s.cascaded = false;
      // A fresh set of links for the next act.
      links = randomLinks(options.count, options.linkProbability, random);
    }
  };

  const resize = () => {
    const ratio = Math.min(window.devicePixelRatio || 1, options.maxPixelRatio);
    const nextWidth = canvas.clientWidth;
    const nextHeight = canvas.clientHeight;
    if (nextWidth === 0 || nextHeight === 0) return;
    if (positionsNormalised) {
      for (const s of spheres) {
        s.x *= nextWidth;
        s.y *= nextHeight;
      }
      positionsNormalised = false;
    } else if (width > 0 && height > 0) {
      for (const s of spheres) {
        s.x *= nextWidth / width;
        s.y *= nextHeight / height;
      }
      for (const c of centres) {
        c.x *= nextWidth / width;
        c.y *= nextHeight / height;
      }
    }
    width = nextWidth;
    height = nextHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    draw();
  };

  const step = (dt: number) => {
    clock += dt;
    phaseTime += dt;
    if (phaseTime >= options.phaseSeconds) {
      phaseTime = 0;
      phaseIndex = (phaseIndex + 1) % BEHAVIOURS.length;
      enterPhase(BEHAVIOURS[phaseIndex]!);
    }
    const active = BEHAVIOURS[phaseIndex]!;
    for (const b of Object.keys(weight) as Behaviour[]) weight[b] = smooth(weight[b], b === active ? 1 : 0, 1.6, dt);

    if (active === 'cascade' && cascadeFront < 1.2) cascadeFront += dt / 2.6;

    const margin = 24;
    for (const s of spheres) {
      // Drift: a gentle wander around the sphere's own velocity.
      const wander = Math.sin(clock * 0.6 + s.phase) * 6 * s.depth;
      let ax = Math.cos(s.phase + clock * 0.3) * wander;
      let ay = Math.sin(s.phase + clock * 0.25) * wander;

      // Cluster: a spring towards a point on a loose orbit around the sphere's centre.
      if (weight.cluster > 0.01 && centres.length) {
        const c = centres[s.cluster % centres.length]!;
        const angle = s.orbitAngle + clock * 0.35 * (s.depth > 0.6 ? 1 : -1);
        const tx = c.x + Math.cos(angle) * s.orbitRadius;
        const ty = c.y + Math.sin(angle) * s.orbitRadius;
        ax += (tx - s.x) * 1.4 * weight.cluster;
        ay += (ty - s.y) * 1.4 * weight.cluster;
      }

      // Cascade: a front sweeps left to right; each sphere it passes pops and tumbles down.
      if (weight.cascade > 0.01 && !s.cascaded && cascadeFront * width >= s.x) {
        s.cascaded = true;
        s.pop = 1;
        s.vy += (40 + 60 * s.depth) * weight.cascade;
        s.vx += 10 * s.depth;
      }
      s.pop = smooth(s.pop, 0, 2.2, dt);

      s.vx += ax * dt;
      s.vy += ay * dt;
      // Damping keeps speeds calm; the cluster spring needs more of it to settle.
      const damping = 0.35 + weight.cluster * 1.6;
      s.vx -= s.vx * damping * dt;
      s.vy -= s.vy * damping * dt;
      // Never stop entirely: keep a minimum drift speed.
      const speed = Math.hypot(s.vx, s.vy);
      const minimum = 5 * s.depth * (1 - weight.cluster);
      if (speed < minimum) {
        const angle = speed > 0 ? Math.atan2(s.vy, s.vx) : s.phase;
        s.vx = Math.cos(angle) * minimum;
        s.vy = Math.sin(angle) * minimum;
      }
      s.x += s.vx * dt;
      s.y += s.vy * dt;

      // Wrap around the edges.
      if (s.x < -margin) s.x = width + margin;
      else if (s.x > width + margin) s.x = -margin;
      if (s.y < -margin) s.y = height + margin;
      else if (s.y > height + margin) s.y = -margin;
    }
  };

  const scaleOf = (s: Sphere) => 1 + weight.scale * 0.75 * Math.sin(clock * 2.2 + s.phase) + s.pop * 0.9;

  function draw() {
    if (!ctx || width === 0) return;
    ctx.clearRect(0, 0, width, height);

    const reach = Math.max(180, Math.min(width, height) * 0.42);
    ctx.lineWidth = 1;
    ctx.strokeStyle = colours.link;
    for (const [i, j] of links) {
      const a = spheres[i]!;
      const b = spheres[j]!;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance > reach) continue;
      ctx.globalAlpha = (1 - distance / reach) * Math.min(a.depth, b.depth) * 1.4;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }

    for (const s of spheres) {
      const r = Math.max(0.5, s.radius * scaleOf(s));
      ctx.globalAlpha = 0.3 + s.depth * 0.55;
      ctx.drawImage(sprite, s.x - r, s.y - r, r * 2, r * 2);
    }
    ctx.globalAlpha = 1;
  }

  // The loop runs only while the canvas is in view and the tab is visible.
  let frame = 0;
  let previous = 0;
  let inView = true;
  const running = () => inView && document.visibilityState !== 'hidden';

  const tick = (now: number) => {
    const dt = previous ? Math.min((now - previous) / 1000, 1 / 20) : 0;
    previous = now;
    step(dt);
    draw();
    frame = requestAnimationFrame(tick);
  };
  const play = () => {
    if (frame || !running()) return;
    previous = 0;
    frame = requestAnimationFrame(tick);
  };
  const pause = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };
  /** `data-state` tells tests and devtools whether the loop is running. */
  const update = () => {
    if (running()) play();
    else pause();
    canvas.dataset.state = frame ? 'running' : 'paused';
  };

  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
  resizeObserver?.observe(canvas);
  if (!resizeObserver) window.addEventListener('resize', resize);

  const viewObserver =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) inView = entry.isIntersecting;
          update();
        })
      : null;
  viewObserver?.observe(canvas);

  const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onScheme = () => {
    colours = readColours(canvas);
    sprite = sphereSprite(colours.sphere);
    draw();
  };
  scheme?.addEventListener('change', onScheme);
  document.addEventListener('visibilitychange', update);

  resize();
  update();

  return {
    stop() {
      pause();
      resizeObserver?.disconnect();
      if (!resizeObserver) window.removeEventListener('resize', resize);
      viewObserver?.disconnect();
      scheme?.removeEventListener('change', onScheme);
      document.removeEventListener('visibilitychange', update);
      delete canvas.dataset.state;
    },
  };
}
