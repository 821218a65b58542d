import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';
import { nextFrames, useBrowser } from '../support/browser';
import { atPath, live, logIn, registerViaApi, see } from '../support/e2e';

const browser = useBrowser();

/** The background's own chunk (lib/sphere-field.ts). */
const BACKGROUND_CHUNK = /\/assets\/sphere-field-[\w-]+\.js$/;

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/**
 * Resolves once every animation and transition that ends has ended (the looping hero ones never
 * do), including those that start as others end.
 */
const settled = (page: Page) =>
  page.waitForFunction(
    () => !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity),
    undefined,
    { timeout: 15_000 },
  );

/** Top of an element relative to the viewport. */
async function topOf(page: Page, selector: string) {
  return page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top, selector);
}

describe('landing page content', () => {
  it('shows the hero with its badge, headline and accessible buttons', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    await see(page, 'INSTANT APP GENERATION');

    const heading = page.getByRole('heading', { level: 1 });
    const text = await heading.textContent();
    expect(text).toContain('Construct');
    expect(text).toContain('Ideas to Apps. Instantly.');
    await see(page, /React apps with AI in record time/);

    const start = page.getByRole('link', { name: 'Start Now: create your account' });
    expect(await start.textContent()).toContain('Start Now');
    const learn = page.getByRole('link', { name: /^Learn More/ });
    expect(await learn.textContent()).toContain('Learn More');
    // The play icon is an SVG inside the button, hidden from assistive technology.
    expect(await learn.locator('svg[aria-hidden="true"]').count()).toBe(1);

    // Three decorative circles behind the hero.
    const circles = page.locator('.hero__circles');
    expect(await circles.getAttribute('aria-hidden')).toBe('true');
    expect(await circles.locator('.hero__circle').count()).toBe(3);
  });

  it('lists the three landing plans, Pro marked popular, and the app-generation stats', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    const plans = page.locator('#pricing');
    const plan = (name: string) => plans.locator('li.plan').filter({ has: page.getByRole('heading', { name, exact: true }) });

    const expected = {
      Starter: ['$9.99/mo', '5 app generations', 'Basic AI insights', 'Email support'],
      Pro: ['$24.99/mo', '25 generations', 'Advanced AI analytics', 'Priority support'],
      Enterprise: ['Custom pricing', 'Unlimited apps', 'Dedicated support', 'Custom integrations'],
    };
    for (const [name, lines] of Object.entries(expected)) {
      const card = plan(name);
      const cardText = (await card.textContent()) ?? '';
      for (const line of lines) expect(cardText).toContain(line);
      expect(cardText.includes('Most popular')).toBe(name === 'Pro');
    }
    expect(await plans.locator('li.plan').count()).toBe(3);

    const stats = page.locator('.stats');
    const statsText = (await stats.textContent()) ?? '';
    for (const value of ['12,500+', 'apps generated', '90%', 'time saved', '4x', 'productivity']) expect(statsText).toContain(value);
    expect(statsText).not.toContain('10,000+');
  });

  it('shows the copyright with the current year and links to the legal pages and pricing', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    const footer = page.locator('footer');
    const copyright = (await footer.getByText(/© \d{4} Construct/).textContent()) ?? '';
    expect(copyright.match(/© (\d{4})/)?.[1]).toBe(String(new Date().getFullYear()));
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Pricing', '/pricing'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
  });
});

describe('landing navigation and buttons', () => {
  it('has the top navigation bar on / only', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Features', '#features'],
      ['Benefits', '#benefits'],
      ['Pricing', '#pricing'],
      ['Register', '/register'],
      ['Login', '/login'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }

    // The Pricing link scrolls to the plans section.
    await nav.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect.poll(() => topOf(page, '#pricing'), { timeout: 5_000 }).toBeLessThan(120);

    await nav.getByRole('link', { name: 'Login', exact: true }).click();
    await atPath(page, '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    for (const name of ['Features', 'Benefits', 'Register', 'Login']) {
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    }
  });

  it('Start Now leads a visitor to /register', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    await page.getByRole('link', { name: 'Start Now: create your account' }).click();
    await atPath(page, '/register');
  });

  it('Start Now leads a signed-in user to /prompts, and the bar offers Open app', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');

    await page.goto('/');
    await live(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Open app' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Register', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Start Now: open your prompts' }).click();
    await atPath(page, '/prompts');
    await page.getByRole('heading', { name: 'My Prompts' }).waitFor();
  });

  it('Learn More scrolls to the features and moves focus there', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    await see(page, 'INSTANT APP GENERATION');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await topOf(page, '#features')).toBeGreaterThan(300);

    await page.getByRole('link', { name: /^Learn More/ }).click();
    await expect.poll(() => topOf(page, '#features'), { timeout: 5_000 }).toBeLessThan(120);
    expect(await topOf(page, '#features')).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('features');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('feature cards rise into view once, and tilt towards the pointer', async () => {
    const { page } = browser;
    await page.goto('/');
    await live(page);
    const card = page.locator('#features li.feature-card').first();
    expect(await card.getAttribute('data-revealed')).toBe('false');

    await page.getByRole('link', { name: /^Learn More/ }).click();
    await expect.poll(() => card.getAttribute('data-revealed')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The visibility observer reports once a frame is rendered.
    await nextFrames(page);
    // Once only: it stays revealed after it leaves the viewport.
    expect(await card.getAttribute('data-revealed')).toBe('true');

    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2);
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.1, { steps: 3 });
    const body = card.locator('.feature-card__body');
    await expect.poll(() => body.evaluate((el) => el.style.transform)).toMatch(/rotateX\(.+\) rotateY\(.+\) scale3d\(1\.05/);
    const degrees = await body.evaluate((el) => [...el.style.transform.matchAll(/rotate[XY]\((-?[\d.]+)deg\)/g)].map((m) => Math.abs(Number(m[1]))));
    for (const d of degrees) expect(d).toBeLessThanOrEqual(15);

    await page.mouse.move(5, 5);
    await expect.poll(() => body.evaluate((el) => el.style.transform)).toBe('');
  });
});

describe('landing background', () => {
  it('draws on a canvas that never takes input, pauses off-screen and in a hidden tab, loaded as its own chunk', async () => {
    const { page } = browser;
    const requests = recordRequests(page);
    await page.goto('/');
    await live(page);
    const canvas = page.getByTestId('landing-background');
    // Nothing runs, and its code is not fetched, until the visitor's first interaction.
    await page.waitForLoadState('networkidle');
    expect(await canvas.getAttribute('data-state')).toBeNull();
    expect(requests.some((url) => BACKGROUND_CHUNK.test(url))).toBe(false);
    await page.mouse.move(200, 200);
    await expect.poll(() => canvas.getAttribute('data-state')).toBe('running');
    expect(requests.some((url) => BACKGROUND_CHUNK.test(url))).toBe(true);

    const style = await canvas.evaluate((el) => ({
      canvas: getComputedStyle(el).pointerEvents,
      wrapper: getComputedStyle(el.parentElement!).pointerEvents,
      hidden: el.parentElement!.getAttribute('aria-hidden'),
    }));
    expect(style).toEqual({ canvas: 'none', wrapper: 'none', hidden: 'true' });
    // Hit-testing goes through it: the point under the canvas is some page element, never the canvas.
    const hit = await page.evaluate(() => {
      const el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
      return el?.tagName;
    });
    expect(hit).not.toBe('CANVAS');
    // Its backing store is capped at devicePixelRatio 2.
    const size = await canvas.evaluate((el: HTMLCanvasElement) => ({ w: el.width, css: el.clientWidth }));
    expect(size.w).toBeLessThanOrEqual(size.css * 2);

    // Off-screen: scrolled to the footer, the loop stops; back at the top, it runs again.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => canvas.getAttribute('data-state')).toBe('paused');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => canvas.getAttribute('data-state')).toBe('running');

    // A hidden tab stops it too.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => canvas.getAttribute('data-state')).toBe('paused');
  });

  it('is absent, and its code never fetched, for reduced motion; the cards are visible at once', async () => {
    const { page } = browser;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requests = recordRequests(page);
    await page.goto('/');
    await live(page);
    await see(page, 'INSTANT APP GENERATION');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('landing-background').count()).toBe(0);
    expect(requests.filter((url) => BACKGROUND_CHUNK.test(url))).toEqual([]);
    const last = page.locator('#benefits li.feature-card').last();
    expect(await last.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  it('is not downloaded by other pages', async () => {
    const { page } = browser;
    const requests = recordRequests(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.some((url) => /\/assets\/login-/.test(url))).toBe(true);
    expect(requests.filter((url) => BACKGROUND_CHUNK.test(url) || /\/assets\/landing-/.test(url))).toEqual([]);
  });

  it('keeps the layout still while the page loads and animates (CLS at most 0.1)', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The entrance plays out, then every scroll step and the reveals it starts.
    await settled(page);
    for (let y = 0; y < 3000; y += 400) {
      await page.mouse.wheel(0, 400);
      await nextFrames(page);
    }
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThanOrEqual(0.1);
  });
});

describe('landing accessibility', () => {
  // One test per scheme and width: four full-page axe runs in one test outlast its 60 s on a loaded 2-core machine.
  const cases = (['light', 'dark'] as const).flatMap((colorScheme) => [1280, 375].map((width) => [colorScheme, width] as const));
  it.each(cases)('has no serious or critical axe violations, %s at %i px', async (colorScheme, width) => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await live(page);
    await see(page, 'INSTANT APP GENERATION');
    // Reveal every card (they rise in once scrolled into view) and let the entrance finish.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await nextFrames(page);
    }
    await expect.poll(() => page.locator('.feature-card[data-revealed="false"]').count()).toBe(0);
    await settled(page);
    // In the page (legacy mode), as tests/support/e2e.ts's seriousViolations runs it.
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${colorScheme} ${width}px: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('landing on a phone', () => {
  it('fits 375 px and moves the section links behind a menu button', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/');
    await live(page);
    await see(page, 'INSTANT APP GENERATION');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Features', exact: true }).count()).toBe(0);
    // Register stays in the bar.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register', exact: true }).waitFor();

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Features', 'Benefits', 'Pricing', 'Login']) await header.getByRole('link', { name, exact: true }).waitFor();

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');

    // A section link closes the menu and scrolls there.
    await menu.click();
    await header.getByRole('link', { name: 'Benefits', exact: true }).click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => topOf(page, '#benefits'), { timeout: 5_000 }).toBeLessThan(120);

    // The buttons stay reachable and usable.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Start Now: create your account' }).click();
    await atPath(page, '/register');
  });
});

/**
 * The prompt-oriented variant is chosen at build time (VITE_LANDING_VARIANT=prompts). This builds
 * the SPA once more with it, into a temporary folder, and serves that folder statically (the
 * landing page of a visitor makes no API calls).
 */
describe('landing variant', () => {
  let dir: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'construct-landing-'));
    const previous = process.env.VITE_LANDING_VARIANT;
    process.env.VITE_LANDING_VARIANT = 'prompts';
    try {
      const { build } = await import('vite');
      await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'error', build: { outDir: dir, emptyOutDir: true, sourcemap: false } });
    } finally {
      if (previous === undefined) delete process.env.VITE_LANDING_VARIANT;
      else process.env.VITE_LANDING_VARIANT = previous;
    }
    const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
    server = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      let file = join(dir, path);
      if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the prompt-oriented stats when built with VITE_LANDING_VARIANT=prompts', async () => {
    const { page } = browser;
    await page.goto(`${origin}/`);
    await see(page, 'INSTANT APP GENERATION');
    const statsText = (await page.locator('.stats').textContent()) ?? '';
    for (const value of ['10,000+', 'prompts crafted', '95%', '10x']) expect(statsText).toContain(value);
    for (const value of ['12,500+', '90%', '4x']) expect(statsText).not.toContain(value);
    expect(await page.locator('.landing').getAttribute('data-variant')).toBe('prompts');
  });
});
