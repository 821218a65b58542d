import { createHash } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { LocalStack } from '../../infra/local/stack';
import { CONTENT_SHA256_HEADER } from '../../shared/edge';
import { startFakeAnthropic } from '../support/fake-anthropic';
import { startFakeOpenAi } from '../support/fake-openai';
import { type BenchOptions, log, median, percentile, round } from './lib';

/**
 * A run's time to first token against the provider's own (issue 28: ≤ 50 ms more at p50). For
 * each provider, a loopback fake of its API answers; in turns, the provider's SDK asks the fake
 * directly (its own time to the first text), and `POST /engine/run` runs the same prompt on a
 * workspace connection to that fake, events asked for (the time from sending the request to the
 * first `text` line at the client: authentication, the connection's key opened, the run lease, the
 * SDK through the checked outbound fetch, the gateway's streaming). The difference is what
 * Construct adds.
 */
export interface ModelsRow {
  provider: string;
  n: number;
  directP50: number;
  runP50: number;
  runP99: number;
  /** Median of the per-round differences (run − direct), ms. */
  overP50: number;
}

export interface ModelsReport {
  rows: ModelsRow[];
}

const QUESTION = 'Say hello in one short sentence.';

async function firstLine(response: Response, wanted: (event: { type: string }) => boolean): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the run ended before its first text');
      buffer += value;
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        if (line && wanted(JSON.parse(line))) return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export async function runModelsBench(stack: LocalStack, options: BenchOptions): Promise<ModelsReport> {
  const base = `${stack.url.replace('//localhost:', '//127.0.0.1:')}/api/v1`;
  const [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
  try {
    const email = `bench-models-${Date.now()}@bench.local`;
    const password = 'bench-models-password-1';
    await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, first_name: 'Bench', last_name: 'Models' }),
    });
    const login = await fetch(`${base}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
    const token = ((await login.json()) as { access_token: string }).access_token;
    // The run's origin (a function URL behind CloudFront's signing) takes a body only with its SHA-256, as the web sends it.
    const post = (path: string, json: unknown, headers: Record<string, string> = {}) => {
      const body = JSON.stringify(json);
      return fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
          ...headers,
        },
        body,
      });
    };
    const connection = async (json: Record<string, unknown>) => ((await (await post('/connections', { name: 'Bench', ...json })).json()) as { id: string }).id;

    const openAiKey = 'sk-bench-0123456789abcdef';
    const anthropicKey = 'sk-ant-bench-0123456789abcdef';
    const providers = [
      {
        provider: 'OpenAI (openai SDK)',
        connectionId: await connection({ provider: 'openai', base_url: openai.url, api_key: openAiKey, models: ['gpt-fake-mini'] }),
        direct: async () => {
          const client = new OpenAI({ apiKey: openAiKey, baseURL: openai.url, maxRetries: 0 });
          const started = performance.now();
          const stream = await client.chat.completions.create({ model: 'gpt-fake-mini', stream: true, messages: [{ role: 'user', content: QUESTION }] });
          for await (const chunk of stream) {
            if (chunk.choices[0]?.delta?.content) {
              const ms = performance.now() - started;
              stream.controller.abort();
              return ms;
            }
          }
          throw new Error('no text');
        },
      },
      {
        provider: 'Anthropic (@anthropic-ai/sdk)',
        connectionId: await connection({ provider: 'anthropic', base_url: anthropic.url, api_key: anthropicKey, models: ['claude-fake-haiku'] }),
        direct: async () => {
          const client = new Anthropic({ apiKey: anthropicKey, baseURL: anthropic.url, maxRetries: 0 });
          const started = performance.now();
          const stream = await client.messages.create({
            model: 'claude-fake-haiku',
            max_tokens: 100,
            stream: true,
            messages: [{ role: 'user', content: QUESTION }],
          });
          for await (const event of stream) {
            if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
              const ms = performance.now() - started;
              stream.controller.abort();
              return ms;
            }
          }
          throw new Error('no text');
        },
      },
    ];

    const rounds = options.quick ? 20 : 100;
    const rows: ModelsRow[] = [];
    for (const p of providers) {
      log(`  models: ${p.provider}, ${rounds} rounds...`);
      const viaRun = async () => {
        const started = performance.now();
        const response = await post(
          '/engine/run',
          { messages: [{ role: 'user', content: QUESTION }], connection_id: p.connectionId },
          { accept: 'application/x-ndjson' },
        );
        if (response.status !== 200) throw new Error(`run answered ${response.status}: ${await response.text()}`);
        await firstLine(response, (e) => e.type === 'text');
        return performance.now() - started;
      };
      // Warm both paths (SDK clients, the run function's first load), then alternate which goes first.
      for (let i = 0; i < 5; i++) await Promise.all([p.direct(), viaRun()].map((x) => x.catch(() => 0)));
      const direct: number[] = [];
      const run: number[] = [];
      const over: number[] = [];
      for (let i = 0; i < rounds; i++) {
        let d: number;
        let r: number;
        if (i % 2) {
          d = await p.direct();
          r = await viaRun();
        } else {
          r = await viaRun();
          d = await p.direct();
        }
        direct.push(d);
        run.push(r);
        over.push(r - d);
      }
      rows.push({
        provider: p.provider,
        n: rounds,
        directP50: round(median(direct)),
        runP50: round(median(run)),
        runP99: round(percentile(run, 0.99)),
        overP50: round(median(over)),
      });
    }
    return { rows };
  } finally {
    await Promise.all([openai.close(), anthropic.close()]);
  }
}
