import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hourOf } from '@shared/stats';
import { call, signUp } from '../support/api';
import { seedTeam } from '../support/db';

/**
 * The workspace overview (issue 30): GET /stats adds up the workspace's rolled-up hours from its
 * own roll-up, written by the usage-rollup worker beside each prompt's day: totals, a series, and
 * the top prompts by use, errors and cost; another workspace's use never shows; the window is
 * checked as the per-prompt stats' is.
 */
type User = Awaited<ReturnType<typeof signUp>>;

let owner: User;
let other: User;
let teamId: string;
const ids: Record<string, string> = {};

const overview = (query = '', token = owner.token) => call('GET', `/stats${query}`, { token });
const iso = (ms: number) => new Date(ms).toISOString();

/** The usage-rollup worker for these prompts' hour, run as it would after the hour ends (its clock set past the hour and its grace). */
async function rollUp(workspace: string, promptIds: string[], hour: string) {
  const { handler } = await import('../../functions/workers/usage-rollup');
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${hour}:00:00Z`) + 3_600_000 + 180_000 });
  try {
    const Records = promptIds.map((prompt_id, i) => ({
      messageId: `r${i}`,
      body: JSON.stringify({ workspace, prompt_id, hour }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
    }));
    expect(await handler({ Records } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
  } finally {
    vi.useRealTimers();
  }
}

async function makePrompt(token: string, title: string, query = '') {
  const made = await call('POST', `/prompts/${query}`, { token, json: { title, body: `${title} about [INPUT: topic].` } });
  expect(made.status).toBe(201);
  return made.body as { id: string; slug: string };
}

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp(), signUp()]);
  teamId = await seedTeam('Overview team', 'pro', [{ id: owner.id, role: 'owner' }]);
  for (const [name, token, query] of [
    ['Compiled', owner.token, ''],
    ['Run', owner.token, ''],
    ['Theirs', other.token, ''],
    ['Team', owner.token, `?workspace=${teamId}`],
  ] as const)
    ids[name] = (await makePrompt(token, name, query)).id;
}, 120_000);

afterEach(() => vi.useRealTimers());

describe('GET /stats', () => {
  it('counts compiles and runs once their hour is rolled up, by prompt, and no other workspace’s', async () => {
    const firstHour = hourOf(Date.now());
    const key = await call('POST', '/api-keys', { token: owner.token, json: { name: 'overview', password: owner.password } });
    expect(key.status).toBe(201);
    const slug = (await call('GET', '/prompts/', { token: owner.token })).body.prompts.find((p: { id: string }) => p.id === ids.Compiled).slug;
    const compile = (json: unknown) => call('POST', `/registry/prompts/${slug}/compile`, { token: key.body.key, json });
    expect((await compile({ variables: { topic: 'tea' } })).status).toBe(200);
    expect((await compile({ variables: { topic: 'tea' } })).status).toBe(200);
    expect((await compile({ variables: {} })).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/engine/run', { token: owner.token, json: { text: 'Run about tea.', prompt_id: ids.Run, version: 1 } })).status).toBe(200);
    expect((await call('POST', '/engine/run', { token: other.token, json: { text: 'Theirs about tea.', prompt_id: ids.Theirs, version: 1 } })).status).toBe(
      200,
    );
    const teamRun = await call('POST', `/engine/run?workspace=${teamId}`, {
      token: owner.token,
      json: { text: 'Team about tea.', prompt_id: ids.Team, version: 1 },
    });
    expect(teamRun.status).toBe(200);

    // The uses are written after the answers: wait until the per-prompt stats (which read the live shards) see them.
    await expect.poll(async () => (await call('GET', `/prompts/${ids.Run}/stats`, { token: owner.token })).body.totals?.runs, { timeout: 15_000 }).toBe(2);
    await expect
      .poll(async () => (await call('GET', `/prompts/${ids.Compiled}/stats`, { token: owner.token })).body.totals?.compiles.registry, { timeout: 15_000 })
      .toBe(3);
    await expect.poll(async () => (await call('GET', `/prompts/${ids.Theirs}/stats`, { token: other.token })).body.totals?.runs, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await call('GET', `/prompts/${ids.Team}/stats?workspace=${teamId}`, { token: owner.token })).body.totals?.runs, { timeout: 15_000 })
      .toBe(1);

    const hour = hourOf(Date.now());
    // Both hours if the uses straddle an hour's end.
    const hours = [...new Set([firstHour, hour])];
    const window = `?from=${iso(Date.now() - 2 * 3_600_000)}&to=${iso(Date.now() + 3_600_000)}&granularity=hour`;
    // The hour is not over: not rolled up, not in the overview yet.
    expect((await overview(window)).body.totals).toMatchObject({ uses: 0, prompts: 0 });

    for (const h of hours) {
      await rollUp(`USER#${owner.id}`, [ids.Compiled!, ids.Run!], h);
      await rollUp(`USER#${other.id}`, [ids.Theirs!], h);
      await rollUp(`TEAM#${teamId}`, [ids.Team!], h);
    }

    const { status, body } = await overview(window);
    expect(status).toBe(200);
    expect(body.totals).toEqual({
      uses: 5,
      compiles: 5,
      runs: 2,
      errors: 1,
      tokens_in: expect.any(Number),
      tokens_out: expect.any(Number),
      cost_usd: 0,
      prompts: 2,
    });
    expect(body.totals.tokens_out).toBeGreaterThan(0);
    const series = body.series as { at: string; compiles: number; runs: number; latency_p50_ms: null }[];
    for (const p of series) expect(hours.map((h) => `${h}:00:00Z`)).toContain(p.at);
    expect(series.reduce((n, p) => n + p.compiles, 0)).toBe(5);
    expect(series.reduce((n, p) => n + p.runs, 0)).toBe(2);
    expect(series[0]!.latency_p50_ms).toBeNull();
    expect(body.top.use.map((p: { title: string; uses: number }) => [p.title, p.uses])).toEqual([
      ['Compiled', 3],
      ['Run', 2],
    ]);
    expect(body.top.errors).toEqual([expect.objectContaining({ prompt_id: ids.Compiled, title: 'Compiled', errors: 1, compiles: 3, runs: 0 })]);
    // The local engine costs nothing: no prompt has a cost to rank.
    expect(body.top.cost).toEqual([]);

    // Another workspace's use: each sees its own only.
    const theirs = (await overview(window, other.token)).body;
    expect(theirs.top.use.map((p: { prompt_id: string }) => p.prompt_id)).toEqual([ids.Theirs]);
    expect(theirs.totals).toMatchObject({ uses: 1, runs: 1, prompts: 1 });
    const team = (await overview(`${window}&workspace=${teamId}`)).body;
    expect(team.top.use.map((p: { prompt_id: string }) => p.prompt_id)).toEqual([ids.Team]);
    // Not a member of the team: refused, nothing of it shown.
    const stranger = await overview(`${window}&workspace=${teamId}`, other.token);
    expect(stranger.status).toBeGreaterThanOrEqual(403);
    expect(stranger.status).toBeLessThan(500);
    expect(JSON.stringify(stranger.body)).not.toContain(ids.Team);
    // A redelivered roll-up puts the same sums again.
    await rollUp(`USER#${owner.id}`, [ids.Compiled!], firstHour);
    expect((await overview(window)).body.totals.uses).toBe(5);
  });

  it('ranks by cost and counts a window’s partial days by the hour', async () => {
    const { recordUsage, flushUsage } = await import('../../functions/lib/use-cases/usage');
    const workspace = `USER#${owner.id}` as never;
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const at = (h: number) => Date.parse(`${day}T${String(h).padStart(2, '0')}:20:00Z`);
    for (const h of [5, 18]) {
      recordUsage({
        workspace,
        prompt_id: ids.Run!,
        version: 1,
        channel: 'compare',
        kind: 'run',
        tokens_in: 1_000,
        tokens_out: 2_000,
        model: 'gpt-4o-mini',
        at: at(h),
      });
      recordUsage({ workspace, prompt_id: ids.Compiled!, version: 1, channel: 'registry', kind: 'compile', at: at(h), error: true });
    }
    await flushUsage();
    for (const h of [5, 18]) await rollUp(workspace, [ids.Run!, ids.Compiled!], hourOf(at(h)));

    const start = Date.parse(`${day}T00:00:00Z`);
    const daily = (await overview(`?from=${iso(start)}&to=${iso(start + 86_400_000)}&granularity=day`)).body;
    expect(daily.series).toEqual([expect.objectContaining({ at: `${day}T00:00:00Z`, runs: 2, compiles: 2, errors: 2 })]);
    expect(daily.top.cost.map((p: { prompt_id: string }) => p.prompt_id)).toEqual([ids.Run]);
    expect(daily.top.cost[0].cost_usd).toBeGreaterThan(0);
    expect(daily.totals.cost_usd).toBe(daily.top.cost[0].cost_usd);
    expect(daily.top.errors.map((p: { title: string; errors: number }) => [p.title, p.errors])).toEqual([['Compiled', 2]]);

    // From noon: the morning's hour is outside the window (the day is read by its hours), by day and by hour.
    for (const granularity of ['day', 'hour']) {
      const half = (await overview(`?from=${iso(start + 12 * 3_600_000)}&to=${iso(start + 86_400_000)}&granularity=${granularity}`)).body;
      expect(half.totals, granularity).toMatchObject({ runs: 1, errors: 1, uses: 2 });
    }
    const hourly = (await overview(`?from=${iso(start)}&to=${iso(start + 86_400_000)}&granularity=hour`)).body;
    expect(hourly.series.map((p: { at: string }) => p.at)).toEqual([`${day}T05:00:00Z`, `${day}T18:00:00Z`]);
  });

  it('refuses a bad window with 400, as the per-prompt stats do', async () => {
    const now = Date.now();
    const cases: [string, RegExp][] = [
      [`?from=${iso(now - 367 * 86_400_000)}&to=${iso(now)}`, /at most a year/],
      [`?from=${iso(now - 93 * 86_400_000)}&granularity=hour`, /at most 92 days/],
      [`?from=${iso(now)}&to=${iso(now - 1000)}`, /before to/],
      ['?from=yesterday', /date and time/],
      ['?granularity=week', /granularity/],
    ];
    for (const [query, detail] of cases) {
      const reply = await overview(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.detail, query).toMatch(detail);
    }
    expect((await overview(`?from=${iso(now - 366 * 86_400_000)}&to=${iso(now)}`)).status).toBe(200);
  });
});
