import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/**
 * One Chromium for the whole e2e run: every test file connects to it (tests/support/browser.ts)
 * and gets a fresh context per test, so no file pays for a browser start of its own.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint. */
    browserWsEndpoint: string;
  }
}
