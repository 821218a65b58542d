import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildWeb, ROOT } from './local/build-web';
import { startLocalStack } from './local/stack';

/**
 * `npm run screenshots`: the main screens at desktop (1280×800) and phone (390×844) size (two of
 * them also in dark mode), into docs/screenshots/. A throwaway local stack with the seed library, a new user with
 * a sample prompt, Debian's Chromium (CHROME_PATH to use another).
 */
const OUT = join(ROOT, 'docs', 'screenshots');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SAMPLE = {
  title: 'Meeting summary for the team',
  body: 'Summarise these notes for [PROFILE: team] in a [INPUT: tone=friendly|formal] tone:\n\n[INPUT: meeting notes]\n\nEnd with the next steps and their owners.',
  category_id: null,
  is_favorite: true,
  tasks: ['Writing', 'Summaries'],
  industries: ['SaaS'],
};
const SHOTS = [
  { name: 'landing', path: '/', signedIn: false, ready: 'h1' },
  { name: 'pricing', path: '/pricing', signedIn: false, ready: 'text=Choose Your Plan' },
  { name: 'login', path: '/login', signedIn: false, ready: 'text=Welcome back' },
  { name: 'prompts', path: '/prompts', signedIn: true, ready: `text=${SAMPLE.title}` },
  { name: 'library', path: '/library', signedIn: true, ready: 'article' },
  { name: 'context', path: '/context', signedIn: true, ready: 'h1' },
  { name: 'account', path: '/account', signedIn: true, ready: 'h1' },
];

process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
const webRoot = mkdtempSync(join(tmpdir(), 'construct-screens-'));
await buildWeb(webRoot);
const stack = await startLocalStack({ port: 0, gateway: { webRoot }, seedLibrary: join(ROOT, 'infra/seed/library.json') });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const api = `${stack.url}/api/v1`;
  const account = { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${Date.now()}@example.com`, password: 'screens-password-1' };
  await fetch(`${api}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const login = await fetch(`${api}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: account.email, password: account.password }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  await fetch(`${api}/prompts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(SAMPLE),
  });

  mkdirSync(OUT, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: stack.url, viewport, colorScheme });
      const page = await context.newPage();
      // Dark mode for two screens is enough to see it; the rest in light.
      for (const shot of SHOTS.filter((s) => colorScheme === 'light' || ['landing', 'prompts'].includes(s.name))) {
        await page.goto('/login');
        await page.evaluate((t) => (t ? localStorage.setItem('construct.access_token', t) : localStorage.clear()), shot.signedIn ? token : null);
        await page.goto(shot.path);
        await page.locator(shot.ready).first().waitFor({ timeout: 20_000 });
        await page.waitForTimeout(700); // the pages' fade-ins
        await page.screenshot({ path: join(OUT, `${shot.name}-${size}-${colorScheme}.png`) });
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await stack.stop();
  rmSync(webRoot, { recursive: true, force: true });
}
