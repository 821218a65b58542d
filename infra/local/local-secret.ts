import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random secret generated once per data directory and kept there in a 0600 file (the JWT key,
 * the local Stripe webhook secret, the secret box's key). Handlers cache secrets per process, so
 * an in-memory stack keeps one already set in the environment.
 */
export function localSecret(dataDir: string | undefined, name: string, current: string | undefined, options: { prefix?: string; bytes?: number } = {}): string {
  const fresh = () => (options.prefix ?? '') + randomBytes(options.bytes ?? 48).toString('base64url');
  if (!dataDir) return current ?? fresh();
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, fresh(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process sharing the folder made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
