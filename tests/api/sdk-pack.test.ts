import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../support/api';

/**
 * The SDK as an app gets it: `npm pack` in sdk/ (which builds it with tsc), the tarball unpacked
 * into an app's node_modules, imported by plain Node and type-checked as a consumer would.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const app = mkdtempSync(join(tmpdir(), 'construct-sdk-app-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe('SDK package', () => {
  it('packs with its build, types and README only, and works from the tarball', async () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', app], { cwd: join(ROOT, 'sdk'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as {
      filename: string;
      files: { path: string }[];
    }[];
    expect(packed!.files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'dist/compiled-prompt.d.ts',
      'dist/compiled-prompt.js',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/schema.d.ts',
      'dist/schema.js',
      'dist/types.d.ts',
      'dist/types.js',
      'package.json',
    ]);

    const installed = join(app, 'node_modules/@construct/sdk');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(app, packed!.filename), '-C', installed, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.type).toBe('module');

    const user = await signUp();
    const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'packed', password: user.password } })).body.key as string;
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Packed greeting', body: 'Hello [INPUT: name]!' } });

    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    writeFileSync(
      join(app, 'main.js'),
      `import { Construct, ConstructError } from '@construct/sdk';
const construct = new Construct({ apiKey: process.env.KEY, baseUrl: process.env.SITE });
const prompt = await construct.prompts.get('packed-greeting');
const text = await construct.prompts.compile('packed-greeting', { name: 'Ada' });
const missing = await construct.prompts.get('nope').catch((e) => e);
console.log(JSON.stringify({ version: prompt.version, text, error: missing instanceof ConstructError ? [missing.status, missing.name] : null }));
`,
    );
    const site = inject('baseUrl').replace('//localhost:', '//127.0.0.1:');
    const out = execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8', env: { ...process.env, KEY: key, SITE: site } });
    expect(JSON.parse(out)).toEqual({ version: 1, text: 'Hello Ada!', error: [404, 'ConstructError'] });

    // Its types, as a TypeScript app sees them through the package's exports.
    writeFileSync(
      join(app, 'main.ts'),
      `import { Construct, type Prompt } from '@construct/sdk';
const construct = new Construct({ apiKey: 'cst_x', baseUrl: 'https://construct.example.com' });
export const version: Promise<number> = construct.prompts.get('a', { label: 'production' }).then((p: Prompt) => p.version);
export const text: Promise<string> = construct.prompts.compile('a', { name: 'Ada' }, { directives: false });
// @ts-expect-error a prompt has no such field
export const wrong = construct.prompts.get('a').then((p) => p.nope);
// @ts-expect-error variables are strings
export const bad = construct.prompts.compile('a', { n: 1 });
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [] },
        files: ['main.ts'],
      }),
    );
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
  }, 120_000);
});
