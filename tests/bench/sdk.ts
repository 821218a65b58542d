import { randomUUID } from 'node:crypto';
import type { LocalStack } from '../../infra/local/stack';
import { Construct } from '../../sdk/src/index';
import { type BenchOptions, log, median, percentile, round } from './lib';

/**
 * The SDK (sdk/) against the local stack: what a call costs when its cache answers (fresh, and
 * stale with the refresh started in the background) next to one that goes to the API.
 */
export interface SdkRow {
  call: string;
  n: number;
  /** ms */
  p50: number;
  p99: number;
}
export interface SdkReport {
  rows: SdkRow[];
}

async function api(site: string, method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(options.json)];
  if (options.form) [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(options.form).toString()];
  const res = await fetch(`${site}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : undefined) as Record<string, any>;
}

/** Times each awaited call on its own; ms. */
async function timeEach(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    samples[i] = performance.now() - t;
  }
  return samples;
}

const row = (call: string, samples: number[]): SdkRow => ({
  call,
  n: samples.length,
  p50: round(median(samples), 4),
  p99: round(percentile(samples, 0.99), 4),
});

export async function runSdkBench(stack: LocalStack, options: BenchOptions): Promise<SdkReport> {
  const site = stack.url.replace('//localhost:', '//127.0.0.1:');
  const hits = options.quick ? 5_000 : 100_000;
  const misses = options.quick ? 30 : 300;

  log('  sdk: a user, an API key and a labelled prompt...');
  const account = { first_name: 'Bench', last_name: 'SDK', email: `sdk-${randomUUID().slice(0, 8)}@bench.local`, password: 'bench-sdk-password-1' };
  await api(site, 'POST', '/auth/register', { json: account });
  const { access_token: token } = await api(site, 'POST', '/auth/login', { form: { username: account.email, password: account.password } });
  const { key } = await api(site, 'POST', '/api-keys', { token, json: { name: 'bench', password: account.password } });
  const prompt = await api(site, 'POST', '/prompts/', {
    token,
    json: { title: 'Bench greeting', body: 'Write to [INPUT: name] in a [INPUT: tone=friendly|formal] tone.' },
  });
  await api(site, 'PUT', `/prompts/${prompt.id}/labels/production`, { token, json: { version: 1 } });
  const slug = prompt.slug as string;

  const clock = { now: 0 };
  const construct = new Construct({ apiKey: key, baseUrl: site, now: () => clock.now });
  const uncached = new Construct({ apiKey: key, baseUrl: site, cacheTtlMs: 0 });
  const variables = { name: 'Ada', tone: 'formal' };

  log(`  sdk: ${misses} calls to the API, ${hits} cache hits...`);
  // Warm-up: the first connection and the code paths.
  await uncached.prompts.get(slug, { label: 'production' });
  await construct.prompts.get(slug, { label: 'production' });
  await construct.prompts.compile(slug, variables);
  await timeEach(1_000, () => construct.prompts.get(slug, { label: 'production' }));

  const rows = [
    row('get, no cache (HTTP to the local stack)', await timeEach(misses, () => uncached.prompts.get(slug, { label: 'production' }))),
    row('compile, no cache (HTTP to the local stack)', await timeEach(misses, () => uncached.prompts.compile(slug, variables))),
    row('get, fresh cache hit', await timeEach(hits, () => construct.prompts.get(slug, { label: 'production' }))),
    row('compile, fresh cache hit', await timeEach(hits, () => construct.prompts.compile(slug, variables))),
  ];
  // Stale hits: each call past the TTL answers from the cache and starts one background refresh.
  const stale: number[] = [];
  for (let i = 0; i < misses; i++) {
    clock.now += 61_000;
    const t = performance.now();
    await construct.prompts.get(slug, { label: 'production' });
    stale.push(performance.now() - t);
    await construct.settle();
  }
  rows.push(row('get, stale cache hit (refresh in the background)', stale));
  return { rows };
}
