import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/**
 * One Chromium for the whole e2e run: every test file connects to it (tests/support/browser.ts)
 * and gets a fresh context per test, so no file pays for a browser start of its own. Both e2e
 * projects (vitest.config.ts) share it through globalThis, as the stack is shared.
 */
const KEY = Symbol.for('construct.test-browser');
type Shared = { refs: number; server: Promise<BrowserServer> };
const shared = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject) {
  shared[KEY] ??= { refs: 0, server: chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }) };
  const entry = shared[KEY]!;
  entry.refs++;
  const server = await entry.server;
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    if (--entry.refs === 0) {
      shared[KEY] = undefined;
      await server.close();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint. */
    browserWsEndpoint: string;
  }
}
