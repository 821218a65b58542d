import * as z from 'zod/mini';
import { safeText } from './common';
import { columnFields } from './evaluations';

/**
 * Compare side by side (issue 30): a compare session holds 2–4 columns (versions, labels, a draft,
 * a version on a workspace connection's model, a fork's library original) filled with one set of inputs; in blind mode the columns are
 * shuffled and answered by opaque ids, and only the vote's answer names them. Votes become win
 * rates and ratings per version and per model (shared/rating.ts); thumbs on any Run answer are
 * counted per version.
 */
export const COMPARE_COLUMNS_MIN = 2;
export const COMPARE_COLUMNS_MAX = 4;
export const COLUMN_IDS = ['A', 'B', 'C', 'D'] as const;

const Version = z.number().check(z.int('version must be a whole number.'), z.positive('version must be 1 or more.'));
const Model = z.string().check(z.minLength(1, 'model names a model.'), z.maxLength(200, 'model must be at most 200 characters.'));
const Variables = z.record(
  z.string().check(z.maxLength(200, 'A variable name is at most 200 characters.')),
  z.string().check(z.maxLength(20_000, 'A value is at most 20,000 characters.')),
);

/**
 * A compare column: an evaluation's column (a version, a label's version or a draft, on the
 * product's model or a workspace connection with `model`), or, for a fork, `original: true`: its
 * library original as the library holds it now, compiled with the same inputs.
 */
export const CompareColumnInput = z
  .strictObject({ ...columnFields, original: z.optional(z.literal(true, 'original must be true.')) })
  .check(
    z.refine(
      (c) => [c.version, c.label, c.draft, c.original].filter((v) => v !== undefined).length === 1,
      'Each column names exactly one of version, label, draft or original.',
    ),
  );
export type CompareColumnInput = z.infer<typeof CompareColumnInput>;

/** POST /prompts/{id}/compare. */
export const CompareInput = z.strictObject({
  columns: z
    .array(CompareColumnInput)
    .check(
      z.minLength(COMPARE_COLUMNS_MIN, `Compare at least ${COMPARE_COLUMNS_MIN} columns.`),
      z.maxLength(COMPARE_COLUMNS_MAX, `Compare at most ${COMPARE_COLUMNS_MAX} columns.`),
    ),
  variables: z.optional(Variables),
  /** false: leave the workspace's global prefix and suffix out, as the workbench's switch does (default: applied). */
  directives: z.optional(z.boolean()),
  blind: z.optional(z.boolean()),
});
export type CompareInput = z.infer<typeof CompareInput>;

/** A column as the browser may see it: named only outside blind mode (or once voted). */
export const CompareColumn = z.object({
  id: z.enum(COLUMN_IDS),
  version: z.optional(z.nullable(z.number())),
  label: z.optional(z.string()),
  model: z.optional(z.nullable(z.string())),
  /** The workspace connection it ran on (null: the product's model). */
  connection_id: z.optional(z.nullable(z.string())),
  draft: z.optional(z.boolean()),
  /** A fork's library original. */
  original: z.optional(z.boolean()),
});
export type CompareColumn = z.infer<typeof CompareColumn>;

export const CompareSession = z.object({
  id: z.string(),
  blind: z.boolean(),
  /** SHA-256 of the inputs (sorted keys), for the vote. */
  inputs_hash: z.string(),
  columns: z.array(CompareColumn),
});
export type CompareSession = z.infer<typeof CompareSession>;

/** Who a vote is for: a version, a model, or (with compare_id) a column of a compare session. */
export const Contestant = z
  .strictObject({ version: z.optional(Version), model: z.optional(Model), column: z.optional(z.enum(COLUMN_IDS, 'column is A, B, C or D.')) })
  .check(z.refine((c) => c.version !== undefined || c.model !== undefined || c.column !== undefined, 'Name a version, a model or a column.'));

/** POST /prompts/{id}/votes. */
export const VoteInput = z.strictObject({
  winner: Contestant,
  loser: Contestant,
  tie: z.optional(z.boolean()),
  inputs_hash: z.string().check(z.minLength(1, 'inputs_hash is required.'), z.maxLength(128, 'inputs_hash is at most 128 characters.')),
  compare_id: z.optional(z.string().check(z.maxLength(64, 'compare_id is invalid.'))),
});
export type VoteInput = z.infer<typeof VoteInput>;

const Named = z.object({ version: z.nullable(z.number()), model: z.nullable(z.string()) });
export const Vote = z.object({
  id: z.string(),
  winner: Named,
  loser: Named,
  tie: z.boolean(),
  inputs_hash: z.string(),
  created_at: z.string(),
  /** With compare_id: every column of the session, named (the reveal). */
  columns: z.optional(z.array(CompareColumn)),
});

const RatingFields = {
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  win_rate: z.nullable(z.number()),
  rating: z.number(),
  interval: z.tuple([z.number(), z.number()]),
};
export const Ratings = z.object({
  votes: z.number(),
  versions: z.array(z.object({ version: z.number(), ...RatingFields })),
  models: z.array(z.object({ model: z.string(), ...RatingFields })),
});

/** POST /prompts/{id}/feedback: thumbs on a Run answer, with an optional note. */
export const FeedbackInput = z.strictObject({
  version: Version,
  rating: z.enum(['up', 'down'], "rating must be 'up' or 'down'."),
  note: z.optional(z.string().check(z.maxLength(2_000, 'A note is at most 2,000 characters.'), safeText('A note'))),
});
export const Feedback = z.object({ id: z.string(), version: z.number(), rating: z.enum(['up', 'down']), note: z.nullable(z.string()), created_at: z.string() });
