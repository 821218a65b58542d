import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, log, median, ROOT, round } from './lib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web';

/**
 * Lighthouse (performance category only) with Debian's Chromium on loopback, median of several
 * runs per page and form factor. The local gateway serves files uncompressed while CloudFront
 * compresses them, so the pages are loaded through a small gzip proxy in front of the gateway:
 * what a visitor of the deployed site downloads.
 */
export interface LighthouseResult {
  page: string;
  formFactor: 'mobile' | 'desktop';
  runs: number;
  /** Medians over the runs. */
  score: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scores: number[];
  /** From the run with the median score: where the main thread's time went (scripting ms per script). */
  busiest: { url: string; ms: number }[];
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** A loopback proxy that gzips textual answers, as CloudFront does (files of 1 kB or more). */
function gzipProxy(target: number) {
  return createServer((req, res) => {
    const upstream = httpRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (up: IncomingMessage) => {
      const headers = { ...up.headers };
      const size = Number(up.headers['content-length'] ?? Number.POSITIVE_INFINITY);
      const gzip =
        /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
        COMPRESSIBLE.test(String(up.headers['content-type'] ?? '')) &&
        !up.headers['content-encoding'] &&
        size >= 1000;
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(up.statusCode ?? 502, headers);
      (gzip ? up.pipe(createGzip({ level: 6 })) : up).pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
}

function lighthouseOnce(url: string, formFactor: 'mobile' | 'desktop', outFile: string): Promise<Record<string, any>> {
  const args = [
    join(ROOT, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance',
    `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    // SIGINT on time-out: Lighthouse's Chrome launcher then closes the browser it started.
    const env = { ...process.env, CHROME_PATH: CHROMIUM_PATH };
    execFile(process.execPath, args, { env, timeout: 180_000, killSignal: 'SIGINT', maxBuffer: 16 * 2 ** 20 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse ${url} (${formFactor}) failed: ${stderr || error.message}`));
      try {
        resolve(JSON.parse(readFileSync(outFile, 'utf8')));
      } catch (e) {
        reject(e);
      }
    });
  });
}

export async function runLighthouseBench(stack: LocalStack, options: BenchOptions): Promise<LighthouseResult[]> {
  const port = (stack.server.address() as { port: number }).port;
  const proxy = gzipProxy(port);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'construct-bench-lh-'));
  const pages = options.quick ? ['/'] : ['/', '/login', '/pricing'];
  const formFactors = ['mobile', 'desktop'] as const;
  const runs = options.quick ? 1 : 5;
  const reports = new Map<string, Record<string, any>[]>();
  try {
    // Run by run over every page and form factor, so load drift spreads over all of them.
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const formFactor of formFactors) {
          log(`  lighthouse: run ${run}/${runs} ${page} (${formFactor})...`);
          // One retry: a run on a busy machine occasionally loses its connection to Chrome.
          const attempt = async () => {
            const report = await lighthouseOnce(base + page, formFactor, join(dir, 'report.json'));
            if (report.runtimeError) throw new Error(`lighthouse ${page}: ${report.runtimeError.code} ${report.runtimeError.message}`);
            return report;
          };
          const report = await attempt().catch((error) => {
            log(`  lighthouse: retrying after ${(error as Error).message.split('\n')[0]}`);
            return attempt();
          });
          const key = `${page} ${formFactor}`;
          reports.set(key, [...(reports.get(key) ?? []), report]);
        }
      }
    }
  } finally {
    proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return [...reports].map(([key, list]) => {
    const [page, formFactor] = key.split(' ') as [string, 'mobile' | 'desktop'];
    const audit = (name: string) => median(list.map((r) => Number(r.audits[name]?.numericValue)));
    const scores = list.map((r) => Math.round(Number(r.categories.performance.score) * 100));
    const typical = list[scores.indexOf(median(scores))] ?? list[0]!;
    const bootup = (typical.audits['bootup-time']?.details?.items ?? []) as { url: string; scripting?: number; total?: number }[];
    return {
      page,
      formFactor,
      runs: list.length,
      score: median(scores),
      cls: round(audit('cumulative-layout-shift'), 3),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      scores,
      busiest: bootup
        .map((b) => ({ url: b.url.replace(/^https?:\/\/[^/]+/, ''), ms: Math.round(b.scripting ?? b.total ?? 0) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3),
    };
  });
}
