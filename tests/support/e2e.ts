import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { call, sessionToken } from './api';

/** Helpers for browser tests: accounts made through the real API, waits that read like steps. */
export function account() {
  return { name: 'Ada King Lovelace', email: `ada-${randomUUID()}@example.com`, password: 'analytical-engine-1' };
}

/** Registers through the API (fast path for tests that are not about registration). */
export async function registerViaApi(user = account()) {
  const [first_name, ...rest] = user.name.split(' ');
  const res = await fetch(`${inject('apiUrl')}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name, last_name: rest.join(' '), email: user.email, password: user.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return { ...user, id: ((await res.json()) as { id: string }).id };
}

export async function logIn(page: Page, user: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Stores a token as a login would (on the app's origin), without going through the form. The page
 * it stores from is a small file of the app's origin, not a page of the app: one app start less
 * per test (the caller opens the page it wants next).
 */
export async function signInWithToken(page: Page, token: string) {
  await page.goto('/favicon.svg');
  await page.evaluate((t) => localStorage.setItem('construct.access_token', t), token);
}

/** Signs in with a token and opens My Prompts once its list has loaded. */
export async function openMyPrompts(page: Page, token: string) {
  await signInWithToken(page, token);
  await page.goto('/prompts');
  await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
  // The list's loading state shows from the heading's first render until the prompts are in.
  await page.getByText('Loading Your Prompts...').waitFor({ state: 'detached' });
}

/** Waits for visible text (an exact string or a pattern). */
export async function see(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * Waits until a prerendered page is the live app: hydrated, its buttons answering (main.tsx takes
 * `data-prerendered` off the root then). Before that a click on a button that only script drives does nothing.
 */
export async function live(page: Page) {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 10_000 });
}

export async function atPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 10_000 }).toBe(path);
}

/**
 * A session token: for an account a test registered (it has the `id`), issued as a login would
 * (tests/support/api.ts, `sessionToken`: no scrypt check); for any other, through the API's login
 * (form-encoded, as the product's login call), which also checks the password.
 */
export async function tokenFor(user: { email: string; password: string; id?: string }): Promise<string> {
  if (user.id) return sessionToken(user.id);
  return (await call('POST', '/auth/login', { form: { username: user.email, password: user.password } })).body.access_token;
}

/** A JSON API call with a user's token, for arranging and checking state around the browser. */
export async function apiAs(token: string | undefined, method: string, path: string, json?: unknown) {
  return call(method, path, { token, json });
}

/**
 * No serious axe violation (seriousViolations, transitions off) on the page or inside `include`,
 * in the light and the dark theme; the theme the page had comes back after. `label` names the
 * view in a failure.
 */
export async function expectAccessibleInBothThemes(page: Page, { include, label = 'page' }: { include?: string; label?: string } = {}) {
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, include), `${label}, ${colorScheme}`).toEqual([]);
    }
  } finally {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  }
}

/**
 * Serious and critical axe violations (WCAG A/AA) on the page or inside `include`, one line per
 * rule. CSS transitions are off while axe reads, so a colour is judged as it ends, not half way: a
 * page in the background of the shared Chromium may draw no frame to finish one (a button that had
 * just changed state failed color-contrast that way under load). They come back after.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // axe.run in the page (legacy mode) rather than runPartial plus finishRun, which opens a blank
  // page and injects axe a second time for every run; the app has no cross-origin frame for the
  // partial runs to reach.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode();
  if (include) builder = builder.include(include);
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const { violations, passes } = await builder.analyze().finally(() => still.evaluate((tag) => (tag as Element).remove()));
  // axe ran on something: a selector that matched nothing would pass vacuously.
  expect(passes.length).toBeGreaterThan(0);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
