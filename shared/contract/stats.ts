import * as z from 'zod/mini';

/** The longest stats window: a year (a leap year's). */
export const STATS_WINDOW_MAX_DAYS = 366;
/** The longest window answered hour by hour (longer: by day), so the answer stays far below 1 MB. */
export const STATS_HOURLY_MAX_DAYS = 92;
export const STATS_GRANULARITIES = ['hour', 'day'] as const;
export const COMPILE_CHANNELS = ['registry', 'sdk', 'mcp', 'workbench'] as const;

/** The header the SDK sends so its compiles count as `sdk`, not `registry`: `construct-sdk/<version>`. */
export const CLIENT_HEADER = 'x-construct-client';
export const SDK_CLIENT = 'construct-sdk';

const instant = (name: string) =>
  z.optional(
    z.string().check(
      z.refine((v: string) => !Number.isNaN(Date.parse(v)), `${name} must be a date and time (ISO 8601, e.g. 2026-11-01T00:00:00Z).`),
      z.describe(`ISO 8601 date and time${name === 'to' ? ' (default now)' : ' (default 7 days before to)'}`),
    ),
  );

/** GET /prompts/{id}/stats: a window of at most a year, by hour (at most 92 days) or day. */
export const StatsQuery = z.object({
  from: instant('from'),
  to: instant('to'),
  granularity: z.optional(
    z.enum(STATS_GRANULARITIES, "granularity must be 'hour' or 'day'.").check(z.describe('Series buckets: hour (windows up to 92 days) or day (the default)')),
  ),
});
export type StatsQuery = z.infer<typeof StatsQuery>;

const Quantiles = { p50: z.nullable(z.number()), p95: z.nullable(z.number()) };

/** Counts over the window for one version, one label, or all. */
export const StatsSummary = z.object({
  compiles: z.object({ registry: z.number(), sdk: z.number(), mcp: z.number(), workbench: z.number() }),
  runs: z.number(),
  errors: z.number(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** Uses whose tokens Construct counted itself with a tokenizer (the model gave no usage: the local engine, some OpenAI-compatible servers): estimates. */
  tokens_estimated: z.number(),
  /** Model answers (runs), ms: from fixed buckets, within about a quarter of the true value. */
  latency_ms: z.object(Quantiles),
  /** Compiles on the server, ms. */
  compile_latency_ms: z.object(Quantiles),
  /** Estimated from the tokens and the price table (shared/prices.ts), US dollars. */
  cost_usd: z.number(),
  thumbs: z.object({ up: z.number(), down: z.number() }),
  /** Blind votes: won / (won + lost), ties count half; null without votes. */
  win_rate: z.nullable(z.number()),
  votes: z.number(),
  /** The pass rate of the latest finished evaluation of the version up to `to` (versions only). */
  evaluation_pass_rate: z.nullable(z.number()),
});
export type StatsSummary = z.infer<typeof StatsSummary>;

/** What a bucket of the series or one prompt of the overview used: each compile and each run counted once; cost estimated, US dollars. */
export const UseTotals = z.object({
  compiles: z.number(),
  runs: z.number(),
  errors: z.number(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  cost_usd: z.number(),
});

export const StatsPoint = z.object({
  at: z.string(),
  ...UseTotals.shape,
  latency_p50_ms: z.nullable(z.number()),
  latency_p95_ms: z.nullable(z.number()),
});
export type StatsPoint = z.infer<typeof StatsPoint>;

export const StaleClient = z.object({ api_key_id: z.string(), version: z.number(), last_fetch_at: z.string() });

export const PromptStats = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(STATS_GRANULARITIES),
  /** The version `production` points to, if the prompt has that label. */
  production_version: z.nullable(z.number()),
  totals: StatsSummary,
  versions: z.array(z.extend(StatsSummary, { version: z.number(), labels: z.array(z.string()) })),
  labels: z.array(z.extend(StatsSummary, { label: z.string(), version: z.nullable(z.number()) })),
  /** Buckets with any use, oldest first (empty buckets are left out). */
  series: z.array(StatsPoint),
  /** API keys whose last fetch in the window was of a version older than production's. */
  stale_clients: z.array(StaleClient),
});
export type PromptStats = z.infer<typeof PromptStats>;

/** One prompt's use over the window, in the workspace overview. */
export const PromptUse = z.object({
  prompt_id: z.string(),
  /** Null when the prompt has been deleted since (its use stays in the totals). */
  title: z.nullable(z.string()),
  /** Compiles and runs together. */
  uses: z.number(),
  ...UseTotals.shape,
});
export type PromptUse = z.infer<typeof PromptUse>;

/** How many prompts each top list of the overview names. */
export const OVERVIEW_TOP = 10;

/** GET /stats: the workspace's use over a window (hours rolled up after they end; the current hour is not in it yet). */
export const WorkspaceStats = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(STATS_GRANULARITIES),
  totals: z.extend(z.omit(PromptUse, { prompt_id: true, title: true }), { prompts: z.number() }),
  /** Buckets with any use, oldest first; latency is per prompt only (null here). */
  series: z.array(StatsPoint),
  /** The prompts with the most uses, errors and estimated cost in the window (each at most OVERVIEW_TOP, none at 0). */
  top: z.object({ use: z.array(PromptUse), errors: z.array(PromptUse), cost: z.array(PromptUse) }),
});
export type WorkspaceStats = z.infer<typeof WorkspaceStats>;
