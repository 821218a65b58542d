import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, type Item, queryAll, TABLE } from './db';
import type { WorkspacePk } from './keys';
import { promptKeys } from './prompt';
import { conditionFailed } from './retry';
import type { UsageRow } from './usage';

/**
 * The workspace's roll-up (docs/data-model.md, "workspace usage day"); this module is its only
 * writer. After the `usage-rollup` worker adds up a prompt's day, it puts that prompt's day here
 * too, hour by hour: one item per prompt and day in one of WORKSPACE_USAGE_SHARDS partitions of
 * the workspace (by the prompt's id), so the overview reads a window with one Query per shard and
 * never the prompts' own partitions, and no partition takes every prompt's roll-ups.
 */
export const WORKSPACE_USAGE_SHARDS = 8;
const ROLLED_DAYS = 400;

/** An hour's (or a day's) counters of one prompt. */
export interface UseCounts {
  uses: number;
  compiles: number;
  runs: number;
  errors: number;
  tokens_in: number;
  tokens_out: number;
  cost_micros: number;
}
export const COUNT_NAMES = ['uses', 'compiles', 'runs', 'errors', 'tokens_in', 'tokens_out', 'cost_micros'] as const;

export const emptyCounts = (): UseCounts => ({ uses: 0, compiles: 0, runs: 0, errors: 0, tokens_in: 0, tokens_out: 0, cost_micros: 0 });

export function addCounts(a: UseCounts, b: UseCounts): UseCounts {
  for (const c of COUNT_NAMES) a[c] += b[c];
  return a;
}

/**
 * A prompt's usage rows added up as the overview counts them: `compiles` as the prompt's Stats
 * page counts them (a workbench run is a workbench compile), `uses` each compile and run once.
 */
export function countsOf(rows: UsageRow[]): UseCounts {
  const c = emptyCounts();
  for (const r of rows) {
    if (r.kind === 'compile') c.compiles += r.n;
    if (r.kind === 'run') {
      c.runs += r.n;
      if (r.channel === 'workbench') c.compiles += r.n;
    }
    if (r.kind !== 'feedback') c.uses += r.n;
    c.errors += r.errors;
    c.tokens_in += r.tokens_in;
    c.tokens_out += r.tokens_out;
    c.cost_micros += r.cost_micros;
  }
  return c;
}

/** One prompt's day: its sums, and (when asked for) each hour with any use, by hour key (`2026-11-26T19`). */
export interface PromptDay {
  prompt_id: string;
  day: string;
  counts: UseCounts;
  hours?: Map<string, UseCounts>;
}

const shardOf = (promptId: string) => createHash('sha1').update(promptId).digest().readUInt16BE(0) % WORKSPACE_USAGE_SHARDS;

export const workspaceUsageKeys = {
  shard: (workspace: WorkspacePk, shard: number) => `WSTATS#${workspace}#${shard}`,
  day: (workspace: WorkspacePk, promptId: string, day: string) => ({ pk: `WSTATS#${workspace}#${shardOf(promptId)}`, sk: `D#${day}#${promptId}` }),
};

/**
 * Puts a prompt's day (every rolled hour of it added up), unless one adding up more hours is
 * there already (a roll-up of a later hour of the day got there first). A redelivery puts the same.
 */
export async function writePromptDay(workspace: WorkspacePk, promptId: string, day: string, rolledHours: number, hours: Map<string, UseCounts>) {
  const counts = emptyCounts();
  for (const h of hours.values()) addCounts(counts, h);
  const item: Item = {
    ...workspaceUsageKeys.day(workspace, promptId, day),
    type: 'workspace_usage_day',
    p: promptId,
    n_hours: rolledHours,
    ...counts,
    // Hour of the day → counters in COUNT_NAMES order, one JSON string (read for hourly series and a window's partial days).
    h: JSON.stringify(Object.fromEntries([...hours].map(([hour, c]) => [hour.slice(11), COUNT_NAMES.map((n) => c[n])]))),
    expires_at: Math.floor(Date.parse(`${day}T23:00:00Z`) / 1000) + ROLLED_DAYS * 86_400,
  };
  try {
    await db.send(
      new PutCommand({
        TableName: TABLE,
        Item: item,
        ConditionExpression: 'attribute_not_exists(sk) OR n_hours <= :n',
        ExpressionAttributeValues: { ':n': rolledHours },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/** Every prompt's days from `fromDay` to `toDay` (both included), with their hours only when `withHours`. */
export async function readPromptDays(workspace: WorkspacePk, fromDay: string, toDay: string, withHours: boolean): Promise<PromptDay[]> {
  const pages = await Promise.all(
    Array.from({ length: WORKSPACE_USAGE_SHARDS }, (_, shard) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': workspaceUsageKeys.shard(workspace, shard), ':from': `D#${fromDay}`, ':to': `D#${toDay}#~` },
        // Every name aliased: none may be a reserved word.
        ProjectionExpression: ['sk', '#p', ...COUNT_NAMES.map((_, i) => `#c${i}`), ...(withHours ? ['#h'] : [])].join(', '),
        ExpressionAttributeNames: { '#p': 'p', ...Object.fromEntries(COUNT_NAMES.map((n, i) => [`#c${i}`, n])), ...(withHours ? { '#h': 'h' } : {}) },
      }),
    ),
  );
  return pages.flat().map((item) => {
    const day = String(item.sk).slice(2, 12);
    const counts = emptyCounts();
    for (const c of COUNT_NAMES) counts[c] = Number(item[c] ?? 0);
    const promptDay: PromptDay = { prompt_id: String(item.p), day, counts };
    if (withHours && typeof item.h === 'string') {
      const stored = JSON.parse(item.h) as Record<string, number[]>;
      promptDay.hours = new Map(
        Object.entries(stored).map(([hour, values]) => [
          `${day}T${hour}`,
          Object.fromEntries(COUNT_NAMES.map((n, i) => [n, values[i] ?? 0])) as unknown as UseCounts,
        ]),
      );
    }
    return promptDay;
  });
}

/** The titles of some of the workspace's prompts, by id (a deleted prompt has none). */
export async function promptTitles(workspace: WorkspacePk, ids: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    // Whole items: a top list names at most 30, and batchGet takes no attribute names for a projection.
    const items = await batchGet(ids.slice(i, i + 100).map((id) => promptKeys.prompt(workspace, id)));
    for (const item of items) if (item.type === 'prompt') titles.set(String(item.id), String(item.title));
  }
  return titles;
}
