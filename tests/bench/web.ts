import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, log, ROOT } from './lib';

/**
 * A production build of the SPA from the current sources into a temporary folder. Not web/dist:
 * that one may be a build made under vitest (NODE_ENV=test gives React's development build, about
 * twice the size), and other engineers' test runs serve it.
 */
export async function buildWebForBench(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'construct-bench-web-'));
  log('  building the SPA (vite, production mode)...');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return outDir;
}

/**
 * What a cold visit downloads: each page opened in a fresh Chromium context (empty cache), every
 * JavaScript and CSS response captured until the network is idle, and gzipped here (level 9) for
 * an exact compressed size: the local gateway serves files uncompressed, CloudFront compresses.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
}
export interface WebResult {
  page: string;
  visitor: 'signed out' | 'user' | 'admin';
  /** Where the page ended up (a guard redirect would show here). */
  landedOn: string;
  js: Sizes;
  css: Sizes;
  /** Every file downloaded, largest first (gzip bytes). */
  files: { name: string; gzip: number }[];
}

const PAGES: { path: string; visitor: WebResult['visitor'] }[] = [
  { path: '/', visitor: 'signed out' },
  { path: '/login', visitor: 'signed out' },
  { path: '/prompts', visitor: 'user' },
  { path: '/library', visitor: 'user' },
  { path: '/admin', visitor: 'admin' },
];

const TOKEN_KEY = 'construct.access_token';

/** Signs in through the real API (registering first when asked) and returns the bearer token. */
async function token(api: string, email: string, password: string, register: boolean): Promise<string> {
  if (register) {
    const reply = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Web', last_name: 'Visitor', email, password }),
    });
    if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${await reply.text()}`);
  }
  const reply = await fetch(`${api}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { access_token: string }).access_token;
}

export async function runWebBench(stack: LocalStack, admin: { email: string; password: string }, _options: BenchOptions): Promise<WebResult[]> {
  const api = `${stack.url}/api/v1`;
  const tokens = {
    user: await token(api, `web-${Date.now()}@bench.local`, 'bench-web-password-1', true),
    admin: await token(api, admin.email, admin.password, false),
  };

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results: WebResult[] = [];
  try {
    for (const { path, visitor } of PAGES) {
      log(`  web: cold visit of ${path} (${visitor})...`);
      const context = await browser.newContext({ baseURL: stack.url });
      if (visitor !== 'signed out') {
        await context.addInitScript(([key, token]) => window.localStorage.setItem(key!, token!), [TOKEN_KEY, tokens[visitor]]);
      }
      const page = await context.newPage();
      const bodies: Promise<{ kind: 'js' | 'css'; body: Buffer; name: string } | null>[] = [];
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        const kind = /javascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
        const name = new URL(response.url()).pathname;
        if (kind)
          bodies.push(
            response.body().then(
              (body) => ({ kind, body, name }),
              () => null,
            ),
          );
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // Route modules load lazily once data arrives; give late chunks a moment.
      await page.waitForTimeout(500);
      await page.waitForLoadState('networkidle');
      const sizes = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
      const files: WebResult['files'] = [];
      for (const item of await Promise.all(bodies)) {
        if (!item) continue;
        const s = sizes[item.kind];
        const gzip = gzipSync(item.body, { level: 9 }).length;
        s.files++;
        s.raw += item.body.length;
        s.gzip += gzip;
        files.push({ name: item.name, gzip });
      }
      files.sort((a, b) => b.gzip - a.gzip);
      results.push({ page: path, visitor, landedOn: new URL(page.url()).pathname, ...sizes, files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
