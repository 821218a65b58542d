import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';
import { createGateway } from '../../infra/local/gateway';
import { bannerLines, requestLine, saveAdminCredentials } from '../../infra/local/terminal';

/**
 * `npm start` as a newcomer meets it: one host for the app, its links and the inbox (a visitor on
 * the other loopback name is sent to it), a terminal that keeps the banner readable, and the
 * generated admin credentials kept in a file only this account reads.
 */
const temp = mkdtempSync(join(tmpdir(), 'construct-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('one host', () => {
  let port: number;
  let server: ReturnType<typeof createGateway>;
  beforeAll(async () => {
    writeFileSync(join(temp, 'index.html'), '<!doctype html><title>app</title>');
    server = createGateway({ webRoot: temp, siteOrigin: () => `http://localhost:${port}`, loadHandler: async () => async () => ({ statusCode: 204 }) });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const ask = (method: string, path: string, host: string) =>
    new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends a page visitor at 127.0.0.1 (or [::1]) to the same page at localhost', async () => {
    expect(await ask('GET', '/pricing?checkout=success', `127.0.0.1:${port}`)).toEqual({
      status: 308,
      location: `http://localhost:${port}/pricing?checkout=success`,
    });
    expect(await ask('HEAD', '/', `[::1]:${port}`)).toEqual({ status: 308, location: `http://localhost:${port}/` });
    expect((await ask('GET', '/pricing', `localhost:${port}`)).status).toBe(200);
  });

  it('never redirects the API, a non-GET, or a host that is not this loopback port (a tunnel, a forwarded port)', async () => {
    expect((await ask('GET', '/api/v1/health', `127.0.0.1:${port}`)).status).toBe(204);
    expect((await ask('POST', '/pricing', `127.0.0.1:${port}`)).status).toBe(405);
    expect((await ask('GET', '/pricing', `localhost:${port + 1}`)).status).toBe(200);
    expect((await ask('GET', '/pricing', `127.0.0.1:${port + 1}`)).status).toBe(200);
    expect((await ask('GET', '/pricing', `dev-box.example:${port}`)).status).toBe(200);
  });

  it('names the inbox on the same host as the app in the banner', () => {
    const lines = bannerLines({
      url: 'http://localhost:3000',
      mailUrl: 'http://127.0.0.1:1080',
      smtpPort: 1025,
      dataDir: temp,
      logFile: join(temp, 'construct.log'),
      admin: { email: 'admin@construct.local', created: true, generatedPassword: 'pw', credentialsFile: join(temp, 'admin-credentials.txt') },
    });
    const hosts = lines.join('\n').match(/https?:\/\/[^\s/:]+/g)!;
    expect(hosts).toEqual(['http://localhost', 'http://localhost']);
    expect(lines.join('\n')).toContain('http://localhost:1080');
  });
});

describe('the terminal and the admin credentials', () => {
  it('keeps the generated credentials in a 0600 file under the data folder', () => {
    const dir = join(temp, 'data');
    const file = saveAdminCredentials(dir, 'admin@construct.local', 'secret-pw');
    expect(file).toBe(join(dir, 'admin-credentials.txt'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('email=admin@construct.local\npassword=secret-pw\n');
  });

  it('prints a short line for a failed request only', () => {
    expect(requestLine({ method: 'GET', path: '/api/v1/prompts', status: 200, ms: 3 })).toBeUndefined();
    expect(requestLine({ method: 'POST', path: '/api/v1/auth/login', status: 401, ms: 3 })).toBeUndefined();
    const line = requestLine({ method: 'GET', path: '/api/v1/prompts', status: 503, ms: 7512 })!;
    expect(line).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/prompts → 503 \(7512 ms; details in the server log\)$/);
    expect(line.length).toBeLessThan(100);
  });

  it("writes the functions' JSON log lines to the log file, not the terminal", () => {
    const file = join(temp, 'logs', 'construct.log');
    const script = `
      import { divertFunctionLogs } from './infra/local/terminal.ts';
      divertFunctionLogs(${JSON.stringify(file)});
      const { logger } = await import('./functions/lib/http/log.ts');
      console.log('banner line');
      logger.info('request', { route: 'GET /x', status: 200 });
      logger.error('failed', { route: 'GET /y', status: 500 });
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'INFO' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('banner line\n');
    const logged = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(logged.map((l) => [l.level, l.route])).toEqual([
      ['INFO', 'GET /x'],
      ['ERROR', 'GET /y'],
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
