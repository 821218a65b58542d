import * as z from 'zod/mini';
import { Messages, ModelConfig, PromptKind } from './chat';
import { LabelName } from './versions';

/**
 * Evaluations (issue 29): a prompt's examples run against up to four columns (versions, labels, a
 * draft, a version on another model), each answer checked by the prompt's checks, in the
 * background. The gate on protected labels reads them.
 */
export const EVALUATION_COLUMNS_MAX = 4;
export const EVALUATION_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];
/** The answer a cell keeps, at most (longer answers are cut, and say so). */
export const CELL_OUTPUT_MAX = 50_000;
export const DRAFT_BODY_MAX = 20_000;

const Version = z.number().check(z.int('version must be a whole number.'), z.positive('version must be 1 or more.'));
const Model = z.string().check(z.minLength(1, 'model names a model.'), z.maxLength(200, 'model must be at most 200 characters.'));

/**
 * A draft column: a text body, or a chat prompt's messages (`kind: 'chat'`), with model settings
 * of its own (none: the product's defaults), as the editor holds them before a save.
 */
const Draft = z
  .strictObject({
    kind: z.optional(PromptKind),
    body: z.optional(
      z.string().check(
        z.refine((b: string) => b.trim().length > 0, "A draft column's body is required."),
        z.maxLength(DRAFT_BODY_MAX, `A draft's body must be at most ${DRAFT_BODY_MAX} characters.`),
      ),
    ),
    messages: z.optional(Messages),
    config: z.optional(ModelConfig),
  })
  .check(
    z.refine((d) => (d.kind === 'chat' ? d.messages !== undefined && d.body === undefined : d.body !== undefined && d.messages === undefined), {
      message: "A draft column has a body, or a chat draft (kind 'chat') its messages.",
    }),
  );

/**
 * A column: what runs (a version, a label's version or a draft) and where: the product's model by
 * default, or a workspace connection (`connection_id`, null: the product's model even when the
 * version's settings name a connection), with `model` choosing the model (else the settings', else
 * the connection's first).
 */
export const columnFields = {
  version: z.optional(Version),
  label: z.optional(LabelName),
  draft: z.optional(Draft),
  model: z.optional(Model),
  connection_id: z.optional(z.nullable(z.string().check(z.maxLength(64, 'connection_id must be at most 64 characters.')))),
};
export const EvaluationColumnInput = z
  .strictObject(columnFields)
  .check(
    z.refine((c) => [c.version, c.label, c.draft].filter((v) => v !== undefined).length === 1, 'Each column names exactly one of version, label or draft.'),
  );
export type EvaluationColumnInput = z.infer<typeof EvaluationColumnInput>;

/** POST /prompts/{id}/evaluations. */
export const EvaluationInput = z.strictObject({
  columns: z
    .array(EvaluationColumnInput)
    .check(z.minLength(1, 'Choose at least one column.'), z.maxLength(EVALUATION_COLUMNS_MAX, `An evaluation has at most ${EVALUATION_COLUMNS_MAX} columns.`)),
  /** Only these examples (ids); all of the prompt's by default. */
  examples: z.optional(
    z
      .array(z.string().check(z.maxLength(64, 'An example id is at most 64 characters.')))
      .check(z.minLength(1, 'examples names at least one example.'), z.maxLength(2_000, 'examples names at most 2,000 examples.')),
  ),
});
export type EvaluationInput = z.infer<typeof EvaluationInput>;

export const EvaluationColumn = z.object({
  version: z.optional(z.number()),
  label: z.optional(z.string()),
  draft: z.optional(z.object({ kind: z.optional(PromptKind), body: z.optional(z.string()), messages: z.optional(Messages), config: z.optional(ModelConfig) })),
  model: z.optional(z.string()),
  connection_id: z.optional(z.nullable(z.string())),
  /** Answers whose checks all passed, of those finished; null before the first. */
  pass_rate: z.nullable(z.number()),
  passed: z.number(),
  failed: z.number(),
  /** Cells that ended with an error (counted as failed). */
  errors: z.number(),
  mean_latency_ms: z.nullable(z.number()),
  tokens_in: z.number(),
  tokens_out: z.number(),
});
export type EvaluationColumn = z.infer<typeof EvaluationColumn>;

export const Evaluation = z.object({
  id: z.string(),
  status: z.enum(EVALUATION_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  columns: z.array(EvaluationColumn),
  /** Stale: the prompt's examples or checks changed since it started (the gate ignores it). */
  stale: z.boolean(),
  detail: z.nullable(z.string()),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export type Evaluation = z.infer<typeof Evaluation>;
export const EvaluationList = z.object({ evaluations: z.array(Evaluation) });
export const EvaluationCreated = z.object({ id: z.string(), status: z.literal('queued') });

export const CellCheck = z.object({ check_id: z.string(), pass: z.boolean(), detail: z.string() });
export const EvaluationResult = z.object({
  example_id: z.string(),
  /** The column's position in the evaluation (0-based). */
  column: z.number(),
  output: z.string(),
  checks: z.array(CellCheck),
  /** Every check passed (and the call did not fail). */
  pass: z.boolean(),
  latency_ms: z.number(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  error: z.optional(z.string()),
});
export type EvaluationResult = z.infer<typeof EvaluationResult>;
export const EvaluationResults = z.object({ results: z.array(EvaluationResult) });
export const ResultsQuery = z.object({
  cursor: z.optional(z.string().check(z.describe('The x-next-cursor header of the previous page (opaque, signed; anything else → 400)'))),
});
