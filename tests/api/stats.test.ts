import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { hourOf } from '@shared/stats';
import { Construct } from '../../sdk/src/index';
import { apiUrl, call, signUp } from '../support/api';
import '../support/db';

/**
 * The scoreboard (issue 30): GET /prompts/{id}/stats counts what Construct serves itself —
 * compiles through the registry, the SDK (it names itself), MCP and workbench runs — per version
 * and label, with errors, tokens, latency and the API keys still fetching a version older than
 * production; the window is checked; an hour past its roll-up is read from the stats partition.
 */
type User = Awaited<ReturnType<typeof signUp>>;

let user: User;
let id: string;
let slug: string;
const keys: { id: string; key: string }[] = [];

const stats = (query = '', token = user.token) => call('GET', `/prompts/${id}/stats${query}`, { token });
const compile = (key: string, json: unknown) => call('POST', `/registry/prompts/${slug}/compile`, { token: key, json });

beforeAll(async () => {
  user = await signUp();
  const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Counted', body: 'Write about [INPUT: topic].' } });
  expect(made.status).toBe(201);
  ({ id, slug } = made.body);
  expect((await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Counted', body: 'Write briefly about [INPUT: topic].' } })).status).toBe(
    204,
  );
  expect((await call('PUT', `/prompts/${id}/labels/production`, { token: user.token, json: { version: 2 } })).status).toBe(200);
  for (const name of ['old client', 'new client']) {
    const created = await call('POST', '/api-keys', { token: user.token, json: { name, password: user.password } });
    expect(created.status).toBe(201);
    keys.push({ id: created.body.id, key: created.body.key });
  }
}, 120_000);

describe('GET /prompts/{id}/stats', () => {
  it('counts compiles by channel, runs with tokens, errors, and the keys on an older version', async () => {
    const [oldKey, newKey] = keys as [{ id: string; key: string }, { id: string; key: string }];
    expect((await compile(oldKey.key, { variables: { topic: 'tea' }, version: 1 })).status).toBe(200);
    expect((await compile(newKey.key, { variables: { topic: 'tea' }, label: 'production' })).status).toBe(200);
    expect((await compile(newKey.key, { variables: {}, label: 'production' })).status).toBe(400);

    const sdk = new Construct({ apiKey: newKey.key, baseUrl: apiUrl(), cacheTtlMs: 0 });
    expect(await sdk.prompts.compile(slug, { topic: 'tea' }, { label: 'production' })).toContain('Write briefly about tea.');

    const mcp = new Client({ name: 'stats-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${apiUrl()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${newKey.key}` } } }));
    await mcp.getPrompt({ name: slug, arguments: { topic: 'tea' } });
    await mcp.close();

    const run = await call('POST', '/engine/run', { token: user.token, json: { text: 'Write briefly about tea.', prompt_id: id, version: 2 } });
    expect(run.status).toBe(200);

    await expect.poll(async () => (await stats()).body.totals?.runs, { timeout: 15_000 }).toBe(1);
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body.totals.compiles).toEqual({ registry: 3, sdk: 1, mcp: 1, workbench: 1 });
    expect(body.totals.errors).toBe(1);
    expect(body.totals.tokens_in).toBeGreaterThan(0);
    expect(body.totals.tokens_out).toBeGreaterThan(0);
    // The local engine gives no usage: the run's tokens are Construct's estimate, and counted as such.
    expect(body.totals.tokens_estimated).toBe(1);
    expect(body.totals.latency_ms.p50).toEqual(expect.any(Number));
    expect(body.totals.compile_latency_ms.p95).toEqual(expect.any(Number));
    expect(body.production_version).toBe(2);

    const [v2, v1] = body.versions;
    expect(v2).toMatchObject({ version: 2, labels: ['production'], runs: 1, compiles: { registry: 2, sdk: 1, mcp: 1, workbench: 1 } });
    expect(v1).toMatchObject({ version: 1, labels: [], runs: 0, compiles: { registry: 1, sdk: 0, mcp: 0, workbench: 0 } });
    expect(body.labels).toEqual([expect.objectContaining({ label: 'production', version: 2, compiles: { registry: 2, sdk: 1, mcp: 0, workbench: 0 } })]);
    expect(body.series).toEqual([expect.objectContaining({ at: `${hourOf(Date.now()).slice(0, 10)}T00:00:00Z`, compiles: 6, runs: 1, errors: 1 })]);
    expect(body.stale_clients).toEqual([{ api_key_id: oldKey.id, version: 1, last_fetch_at: expect.any(String) }]);

    const hourly = await stats('?granularity=hour');
    expect(hourly.body.series.map((p: { at: string }) => p.at)).toEqual([`${hourOf(Date.now())}:00:00Z`]);
  });

  it('moves a key off the stale list once its last fetch is of production', async () => {
    const [oldKey] = keys as [{ id: string; key: string }];
    // A key's fetches of one version are noted once a minute per process: this one is of another version.
    expect((await call('GET', `/registry/prompts/${slug}?label=production`, { token: oldKey.key })).status).toBe(200);
    await expect.poll(async () => (await stats()).body.stale_clients, { timeout: 15_000 }).toEqual([]);
  });

  it('refuses a bad window with 400 and another workspace’s prompt with 404', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: [string, RegExp][] = [
      [`?from=${iso(now - 367 * 86_400_000)}&to=${iso(now)}`, /at most a year/],
      [`?from=${iso(now - 93 * 86_400_000)}&granularity=hour`, /at most 92 days/],
      [`?from=${iso(now)}&to=${iso(now - 1000)}`, /before to/],
      ['?from=yesterday', /date and time/],
      ['?granularity=week', /granularity/],
    ];
    for (const [query, detail] of cases) {
      const reply = await stats(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.detail, query).toMatch(detail);
    }
    expect((await stats(`?from=${iso(now - 366 * 86_400_000)}&to=${iso(now)}`)).status).toBe(200);
    const stranger = await signUp();
    expect((await stats('', stranger.token)).status).toBe(404);
  });

  it('reads an hour rolled up by the usage-rollup worker, and not before', async () => {
    const { recordUsage, flushUsage } = await import('../../functions/lib/use-cases/usage');
    const { handler } = await import('../../functions/workers/usage-rollup');
    const workspace = `USER#${user.id}` as never;
    const at = Date.now() - 6 * 3_600_000;
    for (let i = 0; i < 5; i++) recordUsage({ workspace, prompt_id: id, version: 1, channel: 'sdk', kind: 'compile', latency_ms: 12, at, api_key_id: null });
    await flushUsage();
    const window = `?from=${new Date(at - 3_600_000).toISOString()}&to=${new Date(at + 3_600_000).toISOString()}&granularity=hour`;
    // Older than the live hours and not rolled up: not counted yet.
    expect((await stats(window)).body.totals.compiles.sdk).toBe(0);

    const hour = hourOf(at);
    const event = {
      Records: [
        {
          messageId: 'm1',
          body: JSON.stringify({ workspace, prompt_id: id, hour }),
          attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
        },
      ],
    };
    // Twice, as SQS may deliver it: the sums are put, not added.
    for (let i = 0; i < 2; i++) expect(await handler(event as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
    const rolled = (await stats(window)).body;
    expect(rolled.totals.compiles.sdk).toBe(5);
    expect(rolled.series).toEqual([expect.objectContaining({ at: `${hour}:00:00Z`, compiles: 5 })]);
  });
});

describe('day items', () => {
  it('answers a whole past day from its day item exactly as from its hours, by the hour and by the day', async () => {
    const { recordUsage, flushUsage } = await import('../../functions/lib/use-cases/usage');
    const { handler } = await import('../../functions/workers/usage-rollup');
    const { db, TABLE } = await import('../support/db');
    const { DeleteCommand, PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const workspace = `USER#${user.id}` as never;
    const day = new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10);
    const at = (hour: number, minute = 10) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:${minute}:00Z`);
    const uses = [
      { hour: 3, version: 1, channel: 'sdk', kind: 'compile', latency_ms: 8 },
      { hour: 3, version: 2, channel: 'registry', kind: 'compile', latency_ms: 40, label: 'production' },
      { hour: 3, version: 2, channel: 'workbench', kind: 'run', latency_ms: 900, tokens_in: 12, tokens_out: 30, model: 'gpt-4o-mini' },
      { hour: 9, version: 2, channel: 'workbench', kind: 'run', latency_ms: 2_500, tokens_in: 7, tokens_out: 70, error: true },
      { hour: 9, version: 2, channel: 'mcp', kind: 'compile', latency_ms: 3, label: 'production' },
      { hour: 22, version: 1, channel: 'sdk', kind: 'compile', latency_ms: 120 },
    ] as const;
    for (const { hour, ...use } of uses)
      for (let i = 0; i < 3; i++) recordUsage({ workspace, prompt_id: id, ...use, at: at(hour, 10 + i), api_key_id: i === 2 ? 'day-key' : null });
    await flushUsage();
    for (const hour of new Set(uses.map((u) => u.hour))) {
      const body = JSON.stringify({ workspace, prompt_id: id, hour: `${day}T${String(hour).padStart(2, '0')}` });
      const event = { Records: [{ messageId: `d${hour}`, body, attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) } }] };
      expect(await handler(event as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
    }
    const pk = `STATS#${workspace}#${id}`;
    const items = async (prefix: string) =>
      (
        await db.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
          }),
        )
      ).Items ?? [];
    expect((await items(`D#${day}`)).map((i) => i.hours)).toEqual([3]);

    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
    const whole = (g: string) => stats(`?from=${day}T00:00:00.000Z&to=${next}&granularity=${g}`);
    // From 00:30 the first day is not whole: every hour of it is read by the hour.
    const byHours = (g: string) => stats(`?from=${day}T00:30:00.000Z&to=${next}&granularity=${g}`);
    const same = (a: { body: Record<string, unknown> }, b: { body: Record<string, unknown> }) => {
      const { from: _f, to: _t, ...x } = a.body;
      const { from: _g, to: _u, ...y } = b.body;
      expect(x).toEqual(y);
    };
    for (const g of ['hour', 'day']) same(await whole(g), await byHours(g));
    const hourly = (await whole('hour')).body;
    expect(hourly.series.map((p: { at: string }) => p.at)).toEqual([3, 9, 22].map((h) => `${day}T${String(h).padStart(2, '0')}:00:00Z`));
    expect(hourly.totals).toMatchObject({ runs: 6, errors: 3, compiles: { registry: 3, sdk: 6, mcp: 3, workbench: 6 } });
    expect(hourly.stale_clients).toEqual([{ api_key_id: 'day-key', version: 1, last_fetch_at: new Date(at(22, 12)).toISOString() }]);

    // The whole day is read from its day item: without its hour rows it answers the same.
    const hours = (await items(`H#${day}`)).filter((i) => i.type === 'usage_hour');
    const before = (await whole('hour')).body;
    for (const i of hours) await db.send(new DeleteCommand({ TableName: TABLE, Key: { pk: i.pk, sk: i.sk } }));
    expect((await whole('hour')).body).toEqual(before);
    expect((await byHours('day')).body.totals.runs).toBe(0);
    // A day item written before its rows were packed into one JSON string (a list of maps) answers the same.
    const [dayItem] = await items(`D#${day}`);
    expect(typeof dayItem!.rows).toBe('string');
    const counters = ['n', 'errors', 'tokens_in', 'tokens_out', 'tokens_estimated', 'cost_micros', 'thumbs_up', 'thumbs_down'];
    const maps = (JSON.parse(dayItem!.rows) as (string | number)[][]).map(([v, ch, k, lb, ...numbers]) => ({
      v,
      ch,
      k,
      lb,
      ...Object.fromEntries(counters.map((c, i) => [c, numbers[i]]).filter(([, n]) => n)),
      ...Object.fromEntries(
        numbers
          .slice(counters.length)
          .map((n, i) => [`l${i}`, n])
          .filter(([, n]) => n),
      ),
    }));
    const byDay = (await whole('day')).body;
    await db.send(new PutCommand({ TableName: TABLE, Item: { ...dayItem, rows: maps } }));
    expect((await whole('hour')).body).toEqual(before);
    expect((await whole('day')).body).toEqual(byDay);
    // A day without its day item is read by the hour (none left here).
    await db.send(new DeleteCommand({ TableName: TABLE, Key: { pk, sk: `D#${day}` } }));
    expect((await whole('day')).body.totals.runs).toBe(0);
  });
});

describe('evaluation cells and draft runs', () => {
  it('counts each evaluation cell as a run of its version on the evaluation channel, and a draft run as version 0', async () => {
    const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Evaluated', body: 'Explain [INPUT: topic].' } });
    expect(made.status).toBe(201);
    const pid = made.body.id as string;
    const imported = await call('POST', `/prompts/${pid}/examples/import`, { token: user.token, json: { format: 'csv', content: 'topic\ntides\nmoons' } });
    expect(imported.status).toBe(201);
    expect((await call('POST', `/prompts/${pid}/evaluations`, { token: user.token, json: { columns: [{ version: 1 }] } })).status).toBe(202);
    // The workbench's run of the unsaved draft names the prompt and no version.
    expect((await call('POST', '/engine/run', { token: user.token, json: { text: 'Explain tides briefly.', prompt_id: pid } })).status).toBe(200);

    const statsOf = async () => (await call('GET', `/prompts/${pid}/stats`, { token: user.token })).body;
    await expect.poll(async () => (await statsOf()).totals?.runs, { timeout: 60_000, interval: 500 }).toBe(3);
    const body = await statsOf();
    expect(body.versions.map((v: { version: number; runs: number }) => [v.version, v.runs])).toEqual([
      [1, 2],
      [0, 1],
    ]);
    expect(body.totals.tokens_in).toBeGreaterThan(0);
    expect(body.totals.latency_ms.p50).toEqual(expect.any(Number));
  });
});
