import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { useBrowser } from '../support/browser';
import { apiAs, atPath, live, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

/**
 * Prerendered public pages and the signed-in splash (docs/architecture.md, "Prerendered pages and
 * the splash"): the HTML itself carries each public page (heading, title, description), readable
 * without JavaScript; with JavaScript the page is hydrated, not rebuilt, without a console error,
 * and works. Other app routes carry the splash, which the app replaces once it paints.
 */
const browser = useBrowser();

/** What each public page's HTML must show before any script: its title and its first heading. */
const PAGES: Record<string, { title: string; heading: string; text: string }> = {
  '/': { title: 'Construct · Ideas to Apps. Instantly.', heading: 'Ideas to Apps. Instantly.', text: 'INSTANT APP GENERATION' },
  '/pricing': { title: 'Pricing · Construct', heading: 'Choose Your Plan', text: 'Elite' },
  '/login': { title: 'Sign In · Construct', heading: 'Welcome back', text: 'Forgot password?' },
  '/register': { title: 'Create Account · Construct', heading: 'Create your account', text: 'Create Account' },
  '/terms': { title: 'Terms of Service · Construct', heading: 'Terms of Service', text: 'Your account' },
  '/privacy': { title: 'Privacy Policy · Construct', heading: 'Privacy Policy', text: 'Privacy Policy' },
};

const rawHtml = async (path: string) => {
  const response = await fetch(new URL(path, inject('baseUrl')));
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
};

/** The first h1's text as a browser shows it, markup and comments stripped. */
const h1Text = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();

describe('prerendered public pages: the HTML', () => {
  it('carries each page: its heading, its own title and description, no splash', async () => {
    expect(Object.keys(PAGES).sort()).toEqual(PRERENDERED_PAGES.map((p) => p.path).sort());
    const titles = new Set<string>();
    for (const page of PRERENDERED_PAGES) {
      const { status, type, html } = await rawHtml(page.path);
      const expected = PAGES[page.path]!;
      expect(status, page.path).toBe(200);
      expect(type).toContain('text/html');
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(h1Text(html), page.path).toContain(expected.heading);
      expect(html).toContain(expected.text);
      expect(html).toContain(`<title>${expected.title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<meta name="description" content="${page.description}" />`);
      expect(html).not.toContain('class="boot-splash"');
      // Its stylesheets are inlined in the head and nothing is preloaded: the first paint waits for the HTML alone.
      const head = html.split('</head>')[0]!;
      expect(head).toContain('<style>');
      expect(head.split('<style>')[1]).toContain('.limit-note{');
      expect(head).not.toContain('rel="stylesheet"');
      // The head names the entry script and preloads only the modules it imports statically.
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(head)?.[1];
      const entryImports = [...(await rawHtml(entry!)).html.matchAll(/\bfrom\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);
      const headPreloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
      expect(headPreloads.sort()).toEqual(entryImports.sort());
      // After the content: the preloads of the modules hydration imports, inert in a template
      // until the page has painted, and the inlined stylesheets as links of a type no browser
      // loads, so the script does not fetch them again (docs/architecture.md).
      const tail = html.split('</head>')[1]!;
      const template = /<template id="boot-modules">([\s\S]*?)<\/template>/.exec(tail)?.[1] ?? '';
      expect(template).toMatch(/^(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" \/>)+$/);
      expect(tail.replace(template, '')).not.toContain('modulepreload');
      expect(tail).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" type="text\/plain" \/>/);
      expect(html.match(/<script/g)).toHaveLength(1);
      titles.add(expected.title);
    }
    expect(titles.size).toBe(PRERENDERED_PAGES.length);
    // A trailing slash is the same page.
    expect(h1Text((await rawHtml('/pricing/')).html)).toBe('Choose Your Plan');
  });

  it('gives a signed-in page the shell: the splash and an empty root, nothing of the app', async () => {
    for (const path of ['/prompts', '/library', '/account', '/context-library']) {
      const { status, html } = await rawHtml(path);
      expect(status).toBe(200);
      expect(html).toMatch(/<div class="boot-splash" role="status">[\s\S]*Loading\.\.\.[\s\S]*<\/div>/);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-prerendered');
      expect(html).toContain('<title>Construct</title>');
    }
  });

  it('leaves the splash out of a share page, which brings the prompt itself', async () => {
    const token = await tokenFor(await registerViaApi());
    const prompt = (await apiAs(token, 'POST', '/prompts/', { title: 'Prerender check', body: 'Summarise [INPUT: notes].' })).body;
    const link = (await apiAs(token, 'POST', `/prompts/${prompt.id}/share`)).body as { token: string };
    const { status, html } = await rawHtml(`/s/${link.token}`);
    expect(status).toBe(200);
    expect(h1Text(html)).toBe('Prerender check');
    expect(html).not.toContain('class="boot-splash"');

    // In the browser the SPA takes over from the server's markup.
    const { page } = browser;
    await page.goto(`/s/${link.token}`);
    await page.getByRole('button', { name: 'Fork into My Prompts' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('.boot-held, .boot-splash').count()).toBe(0);
  });
});

describe('prerendered public pages: in Chromium', () => {
  it('shows every page with JavaScript disabled', async () => {
    const context = await browser.page
      .context()
      .browser()!
      .newContext({ baseURL: inject('baseUrl'), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [path, expected] of Object.entries(PAGES)) {
        await page.goto(path);
        expect(await page.title()).toBe(expected.title);
        const heading = page.getByRole('heading', { level: 1 }).first();
        expect(await heading.isVisible(), path).toBe(true);
        expect(await heading.textContent()).toContain(expected.heading);
        // Styled: the page's own stylesheet applied (the body is not the browser's default white serif).
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
      }
      // A signed-in route without JavaScript: just the splash.
      await page.goto('/prompts');
      expect(await page.getByRole('status').textContent()).toContain('Loading...');
    } finally {
      await context.close();
    }
  });

  it('hydrates each page in place, without a console error (a mismatch would log one)', async () => {
    const { page } = browser;
    for (const path of Object.keys(PAGES)) {
      await page.goto(path);
      // The heading the HTML brought is the node React keeps: hydrated, not rendered anew.
      await page.evaluate(() => {
        (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 = document.querySelector('h1');
      });
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 === document.querySelector('h1')))
        .toBe(true);
      expect(await page.title()).toBe(PAGES[path]!.title);
      expect(await page.locator('head title').count()).toBe(1);
      // Its styles stay the inlined ones: hydrating loaded no stylesheet of the route again.
      expect(await page.locator('link[rel="stylesheet"]:not([type="text/plain"])').count(), path).toBe(0);
    }
    // useBrowser fails the test on any console error, which is where React reports a mismatch.
  });

  it('hydrates /pricing with a checkout return in its address, the notice shown after (React #418 before: issue 32, item 15)', async () => {
    const { page } = browser;
    await page.goto('/pricing?checkout=cancelled-subscription');
    await page.waitForLoadState('networkidle');
    await live(page);
    await see(page, 'Your subscription was cancelled.');
    // The address drops the parameter, so a reload does not repeat the notice.
    await atPath(page, '/pricing');
    // useBrowser fails the test on the console error React logs for a mismatch.
  });

  it('paints each page before it asks for the app: no stylesheet fetched, only the entry and its own imports before the first paint', async () => {
    // A fresh context per page: nothing cached, so every request the page makes is seen.
    const browserInstance = browser.page.context().browser()!;
    for (const path of Object.keys(PAGES)) {
      const context = await browserInstance.newContext({ baseURL: inject('baseUrl') });
      try {
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The first paint waited for the HTML alone: no stylesheet was fetched at all, and of the
        // scripts only those the head names (the entry and its own imports) were requested before
        // that paint; the app's modules came after it (docs/architecture.md).
        const loads = await page.evaluate(() => ({
          firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
          files: performance.getEntriesByType('resource').map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
        }));
        expect(
          loads.files.filter((file) => file.name.endsWith('.css')),
          path,
        ).toEqual([]);
        const early = loads.files.filter((file) => file.name.endsWith('.js') && file.start < loads.firstPaint).map((file) => file.name);
        expect(early.length, path).toBeGreaterThan(0);
        expect(early.length, path).toBeLessThanOrEqual(3);
        const servedHead = (await rawHtml(path)).html.split('</head>')[0]!;
        const named = [...servedHead.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
        expect(named, path).toEqual(expect.arrayContaining(early));
        expect(loads.files.filter((file) => file.name.endsWith('.js')).length, path).toBeGreaterThan(5);
      } finally {
        await context.close();
      }
    }
  });

  it('stays interactive after hydration: client navigation, and the login form signs in', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await page.goto('/terms');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Pricing' }).click();
    await atPath(page, '/pricing');
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
    expect(await page.title()).toBe('Pricing · Construct');
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/prompts');
    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
  });

  it('keeps what a visitor typed into the sign-in form before hydration, and signs in with it', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    // The app's module held back: the form stays the built page's until it is released.
    const APP_MODULE = '**/assets/start-*.js';
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(APP_MODULE, async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
      release();
      // Enabled once hydrated; the typed text is still there, and it is what signs in.
      await page.getByRole('button', { name: 'Sign In' }).click();
      await atPath(page, '/prompts');
    } finally {
      release();
      await page.unroute(APP_MODULE);
    }
  });

  it('shows a signed-in visitor of a public page the built page until the app has checked the session', async () => {
    const { page } = browser;
    const release = await signInWithSlowCheck(page);
    await page.goto('/pricing');
    // Not hydrated (the app renders nothing until the check ends): the page stays, held aside.
    await page.locator('.boot-held h1', { hasText: 'Choose Your Plan' }).waitFor();
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    release();
    await page.locator('#root h1', { hasText: 'Choose Your Plan' }).waitFor();
    expect(await page.locator('.boot-held').count()).toBe(0);
    await page.getByRole('button', { name: 'Current plan' }).first().waitFor();
  });
});

/** A new user's session stored in the browser, and GET /auth/me held until the returned function is called (a slow session check). */
async function signInWithSlowCheck(page: Page): Promise<() => void> {
  await signInWithToken(page, await tokenFor(await registerViaApi()));
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/auth/me', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('the splash of signed-in pages', () => {
  it('shows the logo and Loading... while the session is checked, then gives way to the app with no shift', async () => {
    const { page } = browser;
    const release = await signInWithSlowCheck(page);
    await page.goto('/prompts');

    const splash = page.locator('.boot-splash');
    expect(await splash.isVisible()).toBe(true);
    expect(await splash.getByRole('status').count()).toBe(0); // the splash is the status itself
    expect(await page.getByRole('status').textContent()).toContain('Loading...');
    expect(await splash.locator('svg').isVisible()).toBe(true);
    // Centred in the viewport, the app renders nothing of its own meanwhile.
    const box = (await splash.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Layout shifts from here on are recorded by the browser itself.
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    release();
    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
    expect(await splash.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  it('follows dark mode', async () => {
    const context = await browser.page
      .context()
      .browser()!
      .newContext({ baseURL: inject('baseUrl'), colorScheme: 'dark', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/prompts');
      await see(page, 'Loading...');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(14, 13, 31)'); // --color-bg in the dark theme (tokens.css)
    } finally {
      await context.close();
    }
  });
});
