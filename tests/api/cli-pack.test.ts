import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../support/api';
import { setTier } from '../support/db';

/**
 * The CLI as a CI job gets it: `npm pack` in cli/ (which bundles it with esbuild), the tarball
 * installed into an empty project (no dependencies, so offline), and `construct` run there with
 * CONSTRUCT_API_KEY and CONSTRUCT_URL against the test stack: pull, diff, push, a stale push
 * refused, eval passing and failing its gate, and plain errors.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const app = mkdtempSync(join(tmpdir(), 'construct-cli-app-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

let env: Record<string, string>;
let user: Awaited<ReturnType<typeof signUp>>;
let textId: string;
/** Run without blocking this process (its keep-alive connections to the stack must see the server's closes). */
const construct = (args: string[], extra: Record<string, string> = {}) =>
  new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(join(app, 'node_modules/.bin/construct'), args, { cwd: app, encoding: 'utf8', env: { ...process.env, ...env, ...extra } }, (error, out, err) =>
      done({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
const file = (slug: string) => join(app, 'prompts', `${slug}.md`);

beforeAll(async () => {
  const [packed] = JSON.parse(spawnSync('npm', ['pack', '--json', '--pack-destination', app], { cwd: join(ROOT, 'cli'), encoding: 'utf8' }).stdout) as {
    filename: string;
    files: { path: string }[];
  }[];
  expect(packed!.files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/construct.js', 'package.json']);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'ci', private: true }));
  const installed = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(app, packed!.filename)], { cwd: app, encoding: 'utf8' });
  expect(installed.status, installed.stderr).toBe(0);

  user = await signUp();
  await setTier(user.id, 'pro');
  const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'ci', password: user.password } })).body.key as string;
  env = { CONSTRUCT_API_KEY: key, CONSTRUCT_URL: inject('baseUrl').replace('//localhost:', '//127.0.0.1:'), CONSTRUCT_POLL_MS: '100' };
  textId = (
    await call('POST', '/prompts/', { token: user.token, json: { title: 'CLI brief', body: 'Explain [INPUT: topic].\n\n## [user] is not a section here.' } })
  ).body.id;
  await call('POST', '/prompts/', {
    token: user.token,
    json: {
      title: 'CLI chat',
      kind: 'chat',
      messages: [
        { role: 'system', content: 'You answer about [INPUT: product].\n## [user] stays text.' },
        { role: 'placeholder', name: 'history' },
        { role: 'user', content: 'Hello' },
      ],
      config: { temperature: 0.2 },
    },
  });
}, 120_000);

describe('construct CLI from its npm pack tarball', () => {
  it('pulls, diffs, pushes and refuses a stale push', async () => {
    const pulled = await construct(['pull']);
    expect(pulled.code, pulled.err).toBe(0);
    expect(pulled.out).toContain('2 prompts in prompts');
    const text = readFileSync(file('cli-brief'), 'utf8');
    expect(text).toBe(
      '---\nslug: cli-brief\ntitle: CLI brief\nkind: text\nversion: 1\nvariables:\n  - type: INPUT\n    key: topic\n---\n\nExplain [INPUT: topic].\n\n## [user] is not a section here.\n',
    );
    const chat = readFileSync(file('cli-chat'), 'utf8');
    expect(chat).toContain('config:\n  temperature: 0.2\n');
    expect(chat).toContain(
      '---\n\n## [system]\n\nYou answer about [INPUT: product].\n\\## [user] stays text.\n\n## [placeholder history]\n\n## [user]\n\nHello\n',
    );

    // Unchanged files: no differences, and a push makes no version.
    expect(await construct(['diff', '--exit-code'])).toMatchObject({ code: 0 });
    expect(await construct(['push'])).toMatchObject({ code: 0, out: 'unchanged cli-brief (version 1)\nunchanged cli-chat (version 1)\n' });

    writeFileSync(file('cli-brief'), text.replace('Explain [INPUT: topic].', 'Describe [INPUT: topic] briefly.'));
    const diffed = await construct(['diff', file('cli-brief'), '--exit-code']);
    expect(diffed.code).toBe(1);
    expect(diffed.out).toContain('-Explain [INPUT: topic].\n+Describe [INPUT: topic] briefly.');
    const pushed = await construct(['push', file('cli-brief')]);
    expect(pushed).toMatchObject({ code: 0, out: 'pushed cli-brief: version 2\n' });
    expect(readFileSync(file('cli-brief'), 'utf8')).toContain('version: 2\n');
    const latest = (await call('GET', '/registry/prompts/cli-brief', { token: user.token })).body;
    expect(latest).toMatchObject({ version: 2, body: 'Describe [INPUT: topic] briefly.\n\n## [user] is not a section here.' });

    // Someone saves version 3 in Construct; a push from version 2 is refused and changes nothing.
    await call('PUT', `/prompts/${textId}`, { token: user.token, json: { title: 'CLI brief', body: 'Outline [INPUT: topic].' } });
    writeFileSync(file('cli-brief'), readFileSync(file('cli-brief'), 'utf8').replace('briefly', 'in one line'));
    const stale = await construct(['push', file('cli-brief')]);
    expect(stale.code).toBe(1);
    expect(stale.err).toBe(
      'refused cli-brief: cli-brief is at version 3 on the server, and your file was pulled at version 2: pull again (construct pull), redo your change and push.\n',
    );
    expect((await call('GET', '/registry/prompts/cli-brief', { token: user.token })).body).toMatchObject({ version: 3, body: 'Outline [INPUT: topic].' });
    expect((await construct(['diff', file('cli-brief')])).out).toContain('cli-brief: the server is at version 3, your file at 2');
  }, 60_000);

  it('evaluates a label or a version, exiting 0 above the gate and 1 below it', async () => {
    await call('POST', `/prompts/${textId}/examples/import`, { token: user.token, json: { format: 'csv', content: 'topic\ntides\nmoons' } });
    await call('PUT', `/prompts/${textId}/checks`, { token: user.token, json: { checks: [{ kind: 'contains', value: 'Explain' }] } });
    await call('PUT', `/prompts/${textId}/labels/production`, { token: user.token, json: { version: 1 } });

    const passed = await construct(['eval', 'cli-brief', '--label', 'production']);
    expect(passed.code, passed.err).toBe(0);
    expect(passed.out).toMatch(/^evaluating cli-brief version 1 \(\w+\); gate 100% \(every check passes\)\n/);
    expect(passed.out).toContain('done 2/2\npass rate 100%: 2 passed, 0 failed\npassed\n');

    const failed = await construct(['eval', 'cli-brief', '--version', '3']);
    expect(failed.code, failed.err).toBe(1);
    expect(failed.out).toContain('pass rate 0%: 0 passed, 2 failed');
    expect(failed.err).toBe('failed: pass rate 0% is below the gate 100%\n');

    // A label's protection is the gate; --min-pass-rate overrides it.
    await call('PUT', `/prompts/${textId}/labels/production/protection`, { token: user.token, json: { require_checks: true, min_pass_rate: 0.5 } });
    expect((await construct(['eval', 'cli-brief', '--label', 'production'])).out).toContain("gate 50% (the 'production' label's protection)");
    expect(await construct(['eval', 'cli-brief', '--version', '3', '--min-pass-rate', '0'])).toMatchObject({ code: 0 });
  }, 60_000);

  it('answers --help for every command, and errors in one line without a stack trace', async () => {
    for (const command of [[], ['pull'], ['push'], ['diff'], ['eval']]) {
      const help = await construct([...command, '--help']);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(/^Usage: construct/);
    }
    const errors = await Promise.all([
      construct(['pull'], { CONSTRUCT_API_KEY: 'cst_not-a-key' }),
      construct(['pull'], { CONSTRUCT_URL: 'http://127.0.0.1:9' }),
      construct(['pull'], { CONSTRUCT_URL: 'not a url' }),
      construct(['pull'], { CONSTRUCT_API_KEY: '' }),
      construct(['eval', 'no-such-prompt']),
      construct(['push', join(app, 'package.json')]),
    ]);
    expect(errors.map((e) => e.code)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(errors[0]!.err).toMatch(/^construct: The API key was refused: .+ Check CONSTRUCT_API_KEY\.\n$/);
    expect(errors[1]!.err).toMatch(/^construct: Construct could not be reached .+ Check CONSTRUCT_URL \(http:\/\/127\.0\.0\.1:9\)\.\n$/);
    expect(errors[2]!.err).toBe('construct: CONSTRUCT_URL is not a URL: not a url\n');
    expect(errors[3]!.err).toMatch(/^construct: CONSTRUCT_API_KEY is not set/);
    expect(errors[4]!.err).toMatch(/^construct: 404: /);
    expect(errors[5]!.err).toMatch(/^construct: .+package\.json: no front matter/);
    for (const e of errors) expect(e.err).not.toMatch(/\n\s+at /);
    expect(existsSync(file('cli-brief'))).toBe(true);
  });
});
