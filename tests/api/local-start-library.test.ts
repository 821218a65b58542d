import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';
import { ADMIN, call } from '../support/api';

/**
 * `npm start` on a data folder does no work in proportion to the library: its snapshot is kept in
 * the folder between starts (a 50,000-prompt library once refused to start while it was rebuilt
 * under Lambda's request time-out), and one that is missing is built by the first library read.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'construct-start-library-'));
const current = join(dataDir, 'library-snapshot', 'current.json');
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.stdin?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The library's first page as the admin sees it (elite: every prompt). */
async function library(base: string) {
  const token = (await call('POST', '/auth/login', { base, form: { username: ADMIN.email, password: ADMIN.password } })).body.access_token;
  const reply = await call('GET', '/library/prompts', { base, token });
  expect(reply.status).toBe(200);
  return reply.body as { total: number };
}

/** Starts the stack on the data folder in its own process; answers its URL and how to stop it. */
async function start(): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/start-stack.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`the stack exited (${code}):\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    base: `${url}/api/v1`,
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

describe('npm start on a data folder', () => {
  it('keeps the library snapshot between starts instead of rebuilding it, and builds a missing one on the first read', async () => {
    const first = await start();
    const seeded = await library(first.base);
    expect(seeded.total).toBeGreaterThan(0);
    await first.stop();
    const published = readFileSync(current, 'utf8');
    const publishedAt = statSync(current).mtimeMs;

    const second = await start();
    expect(readFileSync(current, 'utf8')).toBe(published);
    expect(statSync(current).mtimeMs).toBe(publishedAt);
    expect((await library(second.base)).total).toBe(seeded.total);
    expect(statSync(current).mtimeMs).toBe(publishedAt);

    // An import that stopped part-way leaves no published snapshot: the next read builds one.
    rmSync(current);
    expect((await library(second.base)).total).toBe(seeded.total);
    expect(JSON.parse(readFileSync(current, 'utf8')).version).toBeDefined();
    await second.stop();
  }, 240_000); // two starts of DynamoDB Local and MailDev
});
