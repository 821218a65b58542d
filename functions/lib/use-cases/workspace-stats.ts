import { OVERVIEW_TOP, type PromptUse, type StatsPoint, type WorkspaceStats } from '@shared/contract/stats';
import { hourOf } from '@shared/stats';
import type { WorkspacePk } from '../data/keys';
import { addCounts, emptyCounts, type PromptDay, promptTitles, readPromptDays, type UseCounts } from '../data/workspace-usage';
import type { Window } from './stats';

/**
 * GET /stats (docs/architecture.md, "Usage and stats"): the workspace's use over a window, read
 * from its own roll-up (one item per prompt and day, written by the usage-rollup worker), never
 * from each prompt's partition. Whole days of a daily window are read by their sums, the days at
 * its edges and every day of an hourly window by their hours. Only hours rolled up are counted:
 * the current hour shows once it has ended and been rolled up.
 */
const DAY_MS = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days of the window: by their sums where whole and daily, else by their hours (filtered to the window). */
async function readWindow(workspace: WorkspacePk, window: Window): Promise<PromptDay[]> {
  const firstWhole = Math.ceil(window.from / DAY_MS) * DAY_MS;
  const endWhole = Math.floor(window.to / DAY_MS) * DAY_MS;
  if (window.granularity === 'hour' || endWhole <= firstWhole) return readPromptDays(workspace, dayKey(window.from), dayKey(window.to - 1), true);
  const reads = [readPromptDays(workspace, dayKey(firstWhole), dayKey(endWhole - 1), false)];
  if (window.from < firstWhole) reads.push(readPromptDays(workspace, dayKey(window.from), dayKey(window.from), true));
  if (endWhole < window.to) reads.push(readPromptDays(workspace, dayKey(endWhole), dayKey(endWhole), true));
  return (await Promise.all(reads)).flat();
}

/** Counters as the contract gives them (cost in dollars). */
const useOf = (c: UseCounts) => ({
  uses: c.uses,
  compiles: c.compiles,
  runs: c.runs,
  errors: c.errors,
  tokens_in: c.tokens_in,
  tokens_out: c.tokens_out,
  cost_usd: c.cost_micros / 1_000_000,
});

const pointOf = (at: string, c: UseCounts): StatsPoint => {
  const { uses: _uses, ...counts } = useOf(c);
  return { at, ...counts, latency_p50_ms: null, latency_p95_ms: null };
};

export async function workspaceStats(workspace: WorkspacePk, window: Window): Promise<WorkspaceStats> {
  const fromHour = hourOf(window.from);
  const toHour = hourOf(window.to - 1);
  const byPrompt = new Map<string, UseCounts>();
  const byBucket = new Map<string, UseCounts>();
  const add = (map: Map<string, UseCounts>, key: string, c: UseCounts) => map.set(key, addCounts(map.get(key) ?? emptyCounts(), c));
  for (const day of await readWindow(workspace, window)) {
    const parts: [string, UseCounts][] = day.hours ? [...day.hours].filter(([hour]) => hour >= fromHour && hour <= toHour) : [[`${day.day}T00`, day.counts]];
    for (const [hour, c] of parts) {
      add(byPrompt, day.prompt_id, c);
      add(byBucket, window.granularity === 'hour' ? `${hour}:00:00Z` : `${day.day}T00:00:00Z`, c);
    }
  }

  const ranked = (by: (c: UseCounts) => number) =>
    [...byPrompt]
      .filter(([, c]) => by(c) > 0)
      .sort(([a, x], [b, y]) => by(y) - by(x) || (a < b ? -1 : 1))
      .slice(0, OVERVIEW_TOP);
  const tops = { use: ranked((c) => c.uses), errors: ranked((c) => c.errors), cost: ranked((c) => c.cost_micros) };
  const titles = await promptTitles(workspace, [...new Set(Object.values(tops).flatMap((list) => list.map(([id]) => id)))]);
  const named = (list: [string, UseCounts][]): PromptUse[] => list.map(([id, c]) => ({ prompt_id: id, title: titles.get(id) ?? null, ...useOf(c) }));
  const total = emptyCounts();
  for (const c of byPrompt.values()) addCounts(total, c);

  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    granularity: window.granularity,
    totals: { ...useOf(total), prompts: [...byPrompt.values()].filter((c) => c.uses > 0).length },
    series: [...byBucket].sort(([a], [b]) => (a < b ? -1 : 1)).map(([at, c]) => pointOf(at, c)),
    top: { use: named(tops.use), errors: named(tops.errors), cost: named(tops.cost) },
  };
}
