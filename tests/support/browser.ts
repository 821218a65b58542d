import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/** Debian's Chromium, never a downloaded build (see TRAPS.md for the flags). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Registers hooks giving each test a fresh browser context (empty localStorage) and page.
 * Console errors and CSP violations fail the test: a page that breaks its own policy is broken.
 */
export function useBrowser() {
  let browser: Browser;
  let context: BrowserContext;
  const state = {
    page: undefined as unknown as Page,
    errors: [] as string[],
    /** Console lines a test causes on purpose (a failure it injects with page.route); reset per test. */
    expected: [] as RegExp[],
  };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  });
  afterAll(async () => browser?.close());

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: inject('baseUrl') });
    state.errors = [];
    state.expected = [];
    state.page = await context.newPage();
    state.page.on('console', (msg) => {
      // 4xx answers the app handles (a wrong password, the session check) still log a network error line.
      const handled = /Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) || state.expected.some((p) => p.test(msg.text()));
      if (msg.type() === 'error' && !handled) {
        state.errors.push(msg.text());
      }
    });
    state.page.on('pageerror', (error) => state.errors.push(error.message));
  });
  afterEach(async () => {
    await context?.close();
    if (state.errors.length) throw new Error(`Browser errors:\n${state.errors.join('\n')}`);
  });

  return state;
}
