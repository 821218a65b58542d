import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROUTES } from '@shared/routes';
import { type BenchOptions, log, median, ROOT, round } from './lib';

/**
 * Cold start: every route's handler bundled as the CDK bundles it (the stack's own bundling options,
 * through infra/bundle-sizes.ts: minified ESM for node22, everything bundled including the AWS SDK,
 * the createRequire banner, tsconfig paths), then the bundle's size and how long a fresh Node
 * process takes to import it.
 */
export interface ColdResult {
  handler: string;
  bytes: number;
  /** Median import time in a fresh Node process, ms. */
  importMs: number;
  runs: number;
  /** What the bundle is made of: the largest packages / source folders, in bytes of output. */
  largest: { name: string; bytes: number }[];
  /** Reference bundles (not deployed) for comparison. */
  reference?: boolean;
}

/** Which package (or source folder) an esbuild input path belongs to. */
function owner(path: string): string {
  const m = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!.startsWith('@aws-sdk/') || m[1]!.startsWith('@smithy/') || m[1]!.startsWith('@aws-crypto/') ? `${m[1]!.split('/')[0]}/*` : m[1]!;
  return path.split('/')[0] ?? path;
}

export async function runColdBench(options: BenchOptions): Promise<ColdResult[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'construct-bench-cold-'));
  try {
    const handlers = [...new Set(ROUTES.map((r) => r.handler as string))].sort();
    const entryPoints: Record<string, string> = Object.fromEntries(handlers.map((h) => [h, join(ROOT, 'functions', `${h}.ts`)]));
    entryPoints['(reference) empty handler'] = join(ROOT, 'tests/bench/fixtures/baseline-empty.ts');
    entryPoints['(reference) DynamoDB client alone'] = join(ROOT, 'tests/bench/fixtures/baseline-dynamodb.ts');
    entryPoints['(reference) first token estimate'] = join(ROOT, 'tests/bench/fixtures/baseline-token-estimate.ts');
    log(`  cold: bundling ${handlers.length} functions with esbuild...`);
    // The stack's ApiFunction bundling as esbuild options (kept in step with the CDK by the infra tests).
    const { esbuildOptions } = await import('../../infra/bundle-sizes');
    const result = await build({
      ...esbuildOptions(),
      entryPoints,
      outdir,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: ROOT,
      metafile: true,
      logLevel: 'error',
    });

    // The token ranks beside the bundles, where a deployed function's asset has them (ApiFunction).
    const { tokenRanksFiles } = await import('../../infra/constructs/api-function');
    for (const file of tokenRanksFiles()) cpSync(join(ROOT, file), join(outdir, file));

    const names = Object.keys(entryPoints);
    const file = (name: string) => join(outdir, `${name}.mjs`);
    const runs = options.quick ? 2 : 7;
    const samples = new Map<string, number[]>(names.map((n) => [n, []]));
    const env = {
      PATH: process.env.PATH ?? '',
      TABLE_NAME: 'construct',
      AWS_REGION: 'us-east-1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    log(`  cold: importing each bundle in ${runs} fresh Node processes...`);
    // Round-robin over the functions, so a change in machine load touches every function alike.
    for (let run = 0; run < runs; run++) {
      for (const name of names) {
        // The Lambda runtime's global that response-streaming handlers wrap themselves with at import.
        const runtime = 'globalThis.awslambda = { streamifyResponse: (h) => h, HttpResponseStream: { from: (s) => s } };';
        const script = `${runtime} const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file(name)).href)}); console.log(performance.now() - t);`;
        const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
        const ms = Number(child.stdout.trim().split('\n').pop());
        if (child.status !== 0 || !Number.isFinite(ms)) throw new Error(`importing ${name} failed: ${child.stderr || child.stdout}`);
        samples.get(name)!.push(ms);
      }
    }

    return names.map((name) => {
      const out = result.metafile.outputs[relative(ROOT, file(name))];
      const byOwner = new Map<string, number>();
      for (const [path, { bytesInOutput }] of Object.entries(out?.inputs ?? {})) byOwner.set(owner(path), (byOwner.get(owner(path)) ?? 0) + bytesInOutput);
      return {
        handler: name,
        bytes: statSync(file(name)).size,
        importMs: round(median(samples.get(name)!), 1),
        runs,
        largest: [...byOwner]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([n, bytes]) => ({ name: n, bytes })),
        ...(name.startsWith('(reference)') ? { reference: true } : {}),
      };
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
