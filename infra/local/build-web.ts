import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const WEB_DIST = join(ROOT, 'web/dist');

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the SPA into web/dist unless the build is newer than every source it comes from. */
export async function buildWebIfStale(log = console.log): Promise<void> {
  const built = statSync(join(WEB_DIST, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'shared'].map((p) => newestMtime(join(ROOT, p))));
  if (built >= sources) return;
  log('Building the web app...');
  await buildWeb(WEB_DIST);
}

/** A production build of the SPA into `outDir` (browser tests use their own, so runs never share one). */
export async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Test runners set NODE_ENV=test, which would make this a development build (jsxDEV, 570 KB)
  // that `npm start` later serves as fresh: always build for production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
