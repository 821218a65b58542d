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
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
}
