import { type Browser, type BrowserContext, chromium, type Download, type Page, type Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/**
 * Registers hooks giving each test a fresh context (empty localStorage) and page in the run's one
 * Chromium (tests/support/browser-global-setup.ts).
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
    browser = await chromium.connect(inject('browserWsEndpoint'));
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

/** One in-app confirmation or alert, answered like Playwright's native Dialog. */
export interface AppDialog {
  type(): 'alert' | 'confirm';
  message(): string;
  /** OK (the confirming button); resolves once the dialog has gone. */
  accept(): Promise<void>;
  /** Cancel (Escape; for an alert the same as OK). */
  dismiss(): Promise<void>;
}

/**
 * Calls `handler` for every in-app confirmation or alert (role alertdialog) the page shows, the
 * in-app counterpart of page.on('dialog'): it watches in the background until the page closes.
 */
export function onAppDialog(page: Page, handler: (dialog: AppDialog) => unknown): void {
  const dialog = page.getByRole('alertdialog').first();
  void (async () => {
    while (!page.isClosed()) {
      const handle = await dialog.elementHandle({ timeout: 0 }).catch(() => null);
      if (!handle) continue;
      const type = (await handle.getAttribute('data-kind').catch(() => null)) === 'confirm' ? 'confirm' : 'alert';
      const message = (await handle.$eval('.dialog__message', (el) => el.textContent ?? '').catch(() => null))?.trim();
      // Gone before it could be read (a page reload): wait for the next one.
      if (message === undefined) continue;
      await handler({
        type: () => type,
        message: () => message,
        accept: async () => {
          await (await handle.$('.dialog__footer button:last-child'))?.click();
          await handle.waitForElementState('hidden').catch(() => undefined);
        },
        dismiss: async () => {
          await page.keyboard.press('Escape');
          await handle.waitForElementState('hidden').catch(() => undefined);
        },
      });
      await handle.waitForElementState('hidden').catch(() => undefined);
    }
  })().catch(() => undefined);
}

/** Waits for the next in-app confirmation or alert, answers it and reports it. */
export async function answerAppDialog(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<{ type: string; message: string }> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const type = (await dialog.getAttribute('data-kind')) === 'confirm' ? 'confirm' : 'alert';
  const message = ((await dialog.locator('.dialog__message').textContent()) ?? '').trim();
  if (answer === 'accept') await dialog.locator('.dialog__footer button').last().click();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return { type, message };
}

/**
 * Holds the page's requests to `url` (of `methods` only, when given) until `release()`, so a
 * busy state the app shows while the server works stays on screen until the test has checked it,
 * on a fast or a loaded machine alike (a fixed delay races the check either way). Released, held
 * and later requests go on to the server, or get `answer` instead.
 */
export async function holdRequests(
  page: Page,
  url: Parameters<Page['route']>[0],
  options: { methods?: string[]; answer?: (route: Route) => Promise<void> } = {},
): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (options.methods && !options.methods.includes(route.request().method())) return route.fallback();
    await released;
    await (options.answer ? options.answer(route) : route.continue());
  });
  return { release };
}

/** A JSON error answer for `holdRequests` or `page.route`, as the API gives it. */
export const failWith = (status: number, detail: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ detail }) });

/** Resolves once the page has rendered two more frames: what an input just did has been painted and observed. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The text of a download. The browser runs as a server (one per e2e run), so the file is read
 * from its stream: `download.path()` is not available to a remote client. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
