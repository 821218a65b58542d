import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, benchClient, log, median, round } from './lib';

/**
 * The scoreboard's read (issue 30's goal: the stats answer for a prompt with 90 days of hourly
 * data is at most 100 ms at p50 locally and at most 1 MB). One prompt gets 90 days of rolled-up
 * hours written as the usage-rollup worker writes them (3 versions × 4 channels of compiles, runs
 * with tokens and latency, API key fetches), each day added up into its day item by the worker's
 * own rollUpDay. Then GET /prompts/{id}/stats is timed through the local gateway for the whole
 * window by the hour and by the day, and for the last 24 hours; and the route's work alone
 * (promptStats in this process) for its CPU time, projected to the function's 256 MB (Lambda gives
 * a full vCPU at 1,769 MB, a share below it).
 */
export interface StatsBenchReport {
  days: number;
  itemsWritten: number;
  windows: { window: string; p50Ms: number; answerKb: number; cpuP50Ms: number; projectedMs: number }[];
}

const PASSWORD = 'bench-stats-password-1';
const FUNCTION_MB = 256;
const FULL_VCPU_MB = 1769;

export async function runStatsBench(stack: LocalStack, options: BenchOptions): Promise<StatsBenchReport> {
  const { writeRolledHour, emptyRow } = await import('../../functions/lib/data/usage');
  const { rollUpDay, promptStats, windowOf } = await import('../../functions/lib/use-cases/stats');
  const { getPromptItem } = await import('../../functions/lib/data/prompt');
  const { latencyBucket, LATENCY_BUCKETS, hourOf } = await import('../../shared/stats');
  const { request, send, login } = benchClient(stack.url);
  const email = `bench-stats-${Date.now()}@example.test`;
  await request(undefined, 'POST', '/auth/register', { email, password: PASSWORD, first_name: 'Bench', last_name: 'Stats' });
  const token = await login(email, PASSWORD);
  const me = (await request(token, 'GET', '/auth/me')) as { id: string };
  const prompt = (await request(token, 'POST', '/prompts/', { title: 'Scoreboard', body: 'Answer [INPUT: question]' })) as { id: string };
  const workspace = `USER#${me.id}` as Parameters<typeof writeRolledHour>[0];

  const days = options.quick ? 30 : 90;
  const now = Date.now();
  const lastHour = Math.floor(now / 3_600_000) * 3_600_000 - 3_600_000;
  const hours = Array.from({ length: days * 24 }, (_, i) => hourOf(lastHour - i * 3_600_000)).reverse();
  const channels = ['registry', 'sdk', 'mcp', 'workbench'] as const;
  log(`  stats: writing ${hours.length} rolled hours of one prompt...`);
  let itemsWritten = 0;
  const writeHour = async (hour: string, i: number) => {
    const rows = [1, 2, 3].flatMap((version) =>
      channels.flatMap((channel) => {
        const compile = { ...emptyRow({ version, channel, kind: 'compile', label: version === 3 ? 'production' : '' }), n: 20 + ((i + version) % 7) };
        const run = { ...emptyRow({ version, channel, kind: 'run', label: '' }), n: 3, tokens_in: 300, tokens_out: 900, cost_micros: 1200 };
        const latency = Array.from({ length: LATENCY_BUCKETS }, () => 0);
        latency[latencyBucket(400 + ((i * 37) % 900))] = 3;
        run.latency = latency;
        return [compile, run];
      }),
    );
    const keys = [0, 1, 2].map((k) => ({ api_key_id: `key${k}`, version: 1 + ((i + k) % 3), at: Date.parse(`${hour}:30:00Z`) }));
    await writeRolledHour(workspace, prompt.id, hour, rows, keys);
    itemsWritten += rows.length + keys.length + 1;
  };
  for (let i = 0; i < hours.length; i += 8) await Promise.all(hours.slice(i, i + 8).map((hour, j) => writeHour(hour, i + j)));
  const dayList = [...new Set(hours.map((h) => h.slice(0, 10)))];
  for (let i = 0; i < dayList.length; i += 4) await Promise.all(dayList.slice(i, i + 4).map((day) => rollUpDay(workspace, prompt.id, day)));

  const item = await getPromptItem(workspace, prompt.id);
  if (!item) throw new Error('the bench prompt is gone');
  const iterations = options.quick ? 10 : 30;
  const iso = (ms: number) => new Date(ms).toISOString();
  const windows = [
    { window: `${days} days by the hour`, query: { from: iso(now - days * 86_400_000), to: iso(now), granularity: 'hour' as const } },
    { window: `${days} days by the day`, query: { from: iso(now - days * 86_400_000), to: iso(now), granularity: 'day' as const } },
    { window: 'last 24 hours by the hour', query: { from: iso(now - 86_400_000), to: iso(now), granularity: 'hour' as const } },
  ];
  const report: StatsBenchReport = { days, itemsWritten, windows: [] };
  for (const { window, query } of windows) {
    const path = `/prompts/${prompt.id}/stats?${new URLSearchParams(query)}`;
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const answer = await send(token, 'GET', path);
      times.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
      bytes = answer.bytes;
      const c = process.cpuUsage();
      await promptStats(workspace, item, windowOf(query, now), now);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    const cpuP50 = median(cpu);
    report.windows.push({
      window,
      p50Ms: round(median(times)),
      answerKb: round(bytes / 1024),
      cpuP50Ms: round(cpuP50),
      projectedMs: round(cpuP50 * (FULL_VCPU_MB / FUNCTION_MB)),
    });
  }
  return report;
}
