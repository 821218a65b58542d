import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

/** Small shared helpers of the benchmark suite: options, statistics, tables, the machine. */
export const ROOT = resolve(import.meta.dirname, '../..');

export interface BenchOptions {
  quick: boolean;
  only: Section | null;
  lighthouse: boolean;
  /** API scenarios whose name contains this text (case-insensitive); null: all of them. */
  scenario?: string | null;
}
export type Section = 'api' | 'cold' | 'web' | 'lighthouse' | 'scale' | 'sdk' | 'models' | 'evaluations' | 'webhook-latency' | 'webhooks' | 'stats' | 'usage';
export const SECTIONS: Section[] = [
  'cold',
  'api',
  'sdk',
  'models',
  'evaluations',
  'webhook-latency',
  'webhooks',
  'stats',
  'usage',
  'scale',
  'web',
  'lighthouse',
];

/** The value at fraction q (0..1) of the sorted samples, nearest-rank. */
export function percentile(samples: number[], q: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: number[]) => {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const round = (value: number, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** Bytes → KB, one decimal. KB = 1024 bytes, as esbuild and `npm run bundle-sizes` count. */
export const KB = (bytes: number) => round(bytes / 1024, 1);

/** Runs `count` calls of `task` with `concurrency` workers; each call gets its worker and sequence number. */
export async function runPool(count: number, concurrency: number, task: (worker: number, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async (_, worker) => {
      for (let i = next++; i < count; i = next++) await task(worker, i);
    }),
  );
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isFinite(c) ? String(c) : '–') : c)));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = rows[1]?.map((c) => typeof c === 'number') ?? [];
  const line = (r: string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The same rows as a Markdown table (for the README). */
export function markdownTable(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isFinite(c) ? String(c) : '–') : c)));
  const numeric = rows[1]?.map((c) => typeof c === 'number') ?? [];
  return [
    `| ${cells[0]!.join(' | ')} |`,
    `|${cells[0]!.map((_, i) => (numeric[i] ? '---:' : '---')).join('|')}|`,
    ...cells.slice(1).map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  date: string;
  loadAverageAtStart: number[];
}

export function machine(): Machine {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
  };
}

export const log = (message: string) => process.stderr.write(`${message}\n`);

/** A deterministic pseudo-random generator (mulberry32), so every run benchmarks the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  const some = <T>(items: readonly T[], min: number, max: number) => {
    const wanted = min + int(max - min + 1);
    const chosen = new Set<T>();
    while (chosen.size < Math.min(wanted, items.length)) chosen.add(pick(items));
    return [...chosen];
  };
  return { next, int, pick, some };
}

/** An API answer as the benches read it. */
export interface BenchReply {
  status: number;
  /** The answer's size in bytes. */
  bytes: number;
  text: string;
  body: any;
  /** The next page's cursor, when the answer is a page. */
  next: string | null;
}

/**
 * The benches' HTTP client for a stack's API, at 127.0.0.1 (a `localhost` lookup per request
 * would be timed too). `send` answers whatever came back; `request` the body of a 2xx answer and
 * throws on anything else; `login` a bearer token; `elite` a new elite account made by the admin.
 */
export function benchClient(stackUrl: string) {
  const base = `${stackUrl.replace('//localhost:', '//127.0.0.1:')}/api/v1`;
  const send = async (token: string | undefined, method: string, path: string, json?: unknown): Promise<BenchReply> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, bytes: Buffer.byteLength(text), text, body: text ? JSON.parse(text) : null, next: response.headers.get('x-next-cursor') };
  };
  const request = async (token: string | undefined, method: string, path: string, json?: unknown) => {
    const reply = await send(token, method, path, json);
    if (reply.status < 200 || reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    return reply.body;
  };
  const login = async (email: string, password: string): Promise<string> => {
    const response = await fetch(`${base}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
    if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  /** A new elite account (no daily run quota in the way), made by the admin and signed in. */
  const elite = async (adminToken: string, email: string, password: string) => {
    const user = (await request(adminToken, 'POST', '/admin/users', { email, password, access_tier: 'elite' })) as { id: string };
    return { id: user.id, token: await login(email, password) };
  };
  return { base, send, request, login, elite };
}
