import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type BuildOptions, build } from 'esbuild';
import { API_BASE, ROUTES, type RouteDef } from '../shared/routes';
import { BUNDLING } from './constructs/api-function';
import { REPO_ROOT } from './constructs/paths';

/**
 * `npm run bundle-sizes`: builds every route handler the way the stack does (ApiFunction's
 * BUNDLING: minified ESM for node22 with the same banner, main fields, tsconfig and no externals)
 * and prints each function's code size, minified and gzipped (about what the zip holds without the
 * source map). Only esbuild: no CDK synth, Docker or AWS needed. Prints; never fails on a size.
 */

/** ApiFunction's CDK bundling options as esbuild options (what NodejsFunction passes on the CLI). */
export function esbuildOptions(): BuildOptions {
  const supported = new Set([
    'format',
    'target',
    'minify',
    'sourceMap',
    'sourceMapMode',
    'sourcesContent',
    'mainFields',
    'banner',
    'tsconfig',
    'bundleAwsSDK',
    'forceDockerBundling',
    // Adds files beside index.mjs (the token ranks), never changes it.
    'commandHooks',
  ]);
  const unknown = Object.keys(BUNDLING).filter((k) => !supported.has(k));
  // A new bundling option must be mirrored here, or the sizes would describe another build.
  if (unknown.length) throw new Error(`infra/bundle-sizes.ts does not mirror these bundling options yet: ${unknown.join(', ')}`);
  if (BUNDLING.sourceMap && BUNDLING.sourceMapMode !== SourceMapMode.DEFAULT) throw new Error('Only the default source map mode is mirrored');
  return {
    bundle: true,
    platform: 'node',
    target: BUNDLING.target,
    format: BUNDLING.format === OutputFormat.ESM ? 'esm' : 'cjs',
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    sourcesContent: BUNDLING.sourcesContent,
    mainFields: BUNDLING.mainFields,
    banner: BUNDLING.banner ? { js: BUNDLING.banner } : undefined,
    tsconfig: BUNDLING.tsconfig,
    // bundleAwsSDK: true → no externals at all (the SDK is bundled like everything else).
    external: BUNDLING.bundleAwsSDK ? [] : ['@aws-sdk/*'],
    logLevel: 'warning',
  };
}

export interface BundleSize {
  handler: string;
  routes: string[];
  /** Bytes of index.mjs (minified, without the source map). */
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
}

/** Builds each handler in memory (one build per distinct handler module). */
export async function measureBundles(handlers?: readonly string[]): Promise<BundleSize[]> {
  const routesOf = new Map<string, string[]>();
  for (const r of ROUTES as readonly RouteDef[]) routesOf.set(r.handler, [...(routesOf.get(r.handler) ?? []), `${r.method} ${API_BASE}${r.path}`]);
  const options = esbuildOptions();
  const measure = async (handler: string): Promise<BundleSize> => {
    const result = await build({
      ...options,
      entryPoints: [join(REPO_ROOT, 'functions', `${handler}.ts`)],
      // Same output name as NodejsFunction, so the sourceMappingURL comment matches byte for byte.
      outfile: join(REPO_ROOT, 'cdk.out', 'bundle-sizes', 'index.mjs'),
      write: false,
    });
    const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!;
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    return {
      handler,
      routes: routesOf.get(handler) ?? [],
      bytes: code.contents.byteLength,
      gzipBytes: gzipSync(code.contents, { level: 9 }).byteLength,
      mapBytes: map?.contents.byteLength ?? 0,
    };
  };
  // A few builds at a time: esbuild is parallel inside, and this keeps memory modest.
  const queue = [...(handlers ?? routesOf.keys())];
  const results: BundleSize[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let handler = queue.shift(); handler; handler = queue.shift()) results.push(await measure(handler));
    }),
  );
  return results;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(sizes: BundleSize[]): string {
  const rows = [...sizes].sort((a, b) => b.bytes - a.bytes || a.handler.localeCompare(b.handler));
  const lines = [
    '| function (functions/…) | route | minified KB | gzip KB |',
    '|---|---|---:|---:|',
    ...rows.map((s) => `| ${s.handler} | ${s.routes.join(', ')} | ${kb(s.bytes)} | ${kb(s.gzipBytes)} |`),
  ];
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  const largest = rows[0];
  const smallest = rows.at(-1);
  lines.push(
    '',
    `${sizes.length} functions; largest ${largest?.handler} ${kb(largest?.bytes ?? 0)} KB, smallest ${smallest?.handler} ${kb(smallest?.bytes ?? 0)} KB, median ${kb(median(sizes.map((s) => s.bytes)))} KB, total ${kb(total)} KB.`,
  );
  return lines.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const sizes = await measureBundles();
  console.log(formatTable(sizes));
  console.log(`\nMeasured ${new Date().toISOString().slice(0, 10)} with esbuild in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
