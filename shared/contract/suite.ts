import * as z from 'zod/mini';
import type { Tier } from '../tiers';
import { HistoryMessage } from './chat';
import { safeText } from './common';

/**
 * A prompt's test suite (issue 29): examples (inputs with an expected answer, kept from runs or
 * written by hand) and checks (what every answer must pass). Both belong to the prompt, not to a
 * version: an evaluation runs them against versions, drafts and models.
 */

/** Examples per prompt, by the workspace's plan. */
export const EXAMPLES_PER_PROMPT: Record<Tier, number> = { free: 10, pro: 200, elite: 2_000 };
export const examplesLimitMessage = (limit: number) =>
  `This prompt already has the most examples your plan allows (${limit.toLocaleString('en-US')}). Delete some, or upgrade your plan for more.`;

export const EXAMPLE_INPUTS_MAX = 50;
export const EXAMPLE_VALUE_MAX = 20_000;
export const EXAMPLE_EXPECTED_MAX = 50_000;
export const EXAMPLE_NOTE_MAX = 2_000;
export const EXAMPLE_HISTORY_MAX = 50;
/** One example's JSON at most: far below DynamoDB's 400 KB per item in any script. */
export const EXAMPLE_CHARS_MAX = 100_000;

export const EXAMPLE_SOURCES = ['manual', 'run', 'import', 'library'] as const;
export type ExampleSource = (typeof EXAMPLE_SOURCES)[number];
export const EXAMPLE_RATINGS = ['good', 'bad'] as const;

const InputKey = z.string().check(
  z.refine((k: string) => k.trim().length > 0 && k.length <= 100, 'Each input is named by its variable (1 to 100 characters).'),
  safeText('An input name'),
);
const Inputs = z
  .record(
    InputKey,
    z
      .string('Each input value is text.')
      .check(z.maxLength(EXAMPLE_VALUE_MAX, `An input value must be at most ${EXAMPLE_VALUE_MAX} characters.`), safeText('An input value')),
  )
  .check(z.refine((o) => Object.keys(o).length <= EXAMPLE_INPUTS_MAX, `An example has at most ${EXAMPLE_INPUTS_MAX} inputs.`));

export const ExampleFields = {
  history: z.optional(z.array(HistoryMessage).check(z.maxLength(EXAMPLE_HISTORY_MAX, `An example's history has at most ${EXAMPLE_HISTORY_MAX} messages.`))),
  expected: z.optional(
    z.nullable(
      z
        .string()
        .check(z.maxLength(EXAMPLE_EXPECTED_MAX, `The expected answer must be at most ${EXAMPLE_EXPECTED_MAX} characters.`), safeText('The expected answer')),
    ),
  ),
  rating: z.optional(z.nullable(z.enum(EXAMPLE_RATINGS, "rating must be 'good' or 'bad'."))),
  note: z.optional(z.nullable(z.string().check(z.maxLength(EXAMPLE_NOTE_MAX, `A note must be at most ${EXAMPLE_NOTE_MAX} characters.`), safeText('A note')))),
};

const withinSize = z.refine(
  (example: unknown) => JSON.stringify(example).length <= EXAMPLE_CHARS_MAX,
  `An example may hold at most ${EXAMPLE_CHARS_MAX.toLocaleString('en-US')} characters in all.`,
);

/** POST /prompts/{id}/examples: `source` 'run' when kept from a Run answer (default 'manual'). */
export const ExampleInput = z
  .strictObject({ ...ExampleFields, inputs: Inputs, source: z.optional(z.enum(['manual', 'run'], "source must be 'manual' or 'run'.")) })
  .check(withinSize);
export type ExampleInput = z.infer<typeof ExampleInput>;
/** An example as a prompts export carries it (no id, no date): it keeps its source. */
export const ExportedExample = z
  .strictObject({ ...ExampleFields, inputs: Inputs, source: z.optional(z.enum(EXAMPLE_SOURCES, `source must be one of ${EXAMPLE_SOURCES.join(', ')}.`)) })
  .check(withinSize);
export type ExportedExample = z.infer<typeof ExportedExample>;
/** PUT /prompts/{id}/examples/{example_id}: the whole example again (its source stays). */
export const ExampleReplace = z.strictObject({ ...ExampleFields, inputs: Inputs }).check(withinSize);
export type ExampleReplace = z.infer<typeof ExampleReplace>;

export const Example = z.object({
  id: z.string(),
  inputs: z.record(z.string(), z.string()),
  history: z.array(HistoryMessage),
  expected: z.nullable(z.string()),
  rating: z.nullable(z.enum(EXAMPLE_RATINGS)),
  note: z.nullable(z.string()),
  source: z.enum(EXAMPLE_SOURCES),
  created_at: z.string(),
});
export type Example = z.infer<typeof Example>;
export const ExampleList = z.object({ examples: z.array(Example) });

export const EXAMPLE_FORMATS = ['csv', 'jsonl'] as const;
/** What an import may hold: the most examples any plan allows, in at most 5 MB of text. */
export const EXAMPLES_IMPORT_CHARS_MAX = 5_000_000;
/** POST /prompts/{id}/examples/import: a CSV (a header row naming the variables; `expected`, `rating`, `note` columns optional) or JSONL (one example a line). */
export const ExamplesImport = z.strictObject({
  format: z.enum(EXAMPLE_FORMATS, "format must be 'csv' or 'jsonl'."),
  content: z
    .string()
    .check(
      z.minLength(1, 'content is empty: give the CSV or JSONL text.'),
      z.maxLength(EXAMPLES_IMPORT_CHARS_MAX, `An import may hold at most ${EXAMPLES_IMPORT_CHARS_MAX.toLocaleString('en-US')} characters.`),
    ),
});
export type ExamplesImport = z.infer<typeof ExamplesImport>;
export const ExamplesImported = z.object({ imported: z.number() });
export const ExamplesExportQuery = z.object({
  format: z.optional(z.enum(EXAMPLE_FORMATS, "format must be 'csv' or 'jsonl'.").check(z.describe('csv (a column per variable) or jsonl; csv by default'))),
});

// ---- Checks -------------------------------------------------------------------------------------

export const CHECK_KINDS = ['contains', 'not_contains', 'regex', 'json_schema', 'min_length', 'max_length', 'equals_expected', 'judge'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const CHECKS_MAX = 20;
export const CHECK_TEXT_MAX = 10_000;
export const CHECK_NAME_MAX = 100;
export const REGEX_MAX = 500;

const CheckValue = z.optional(z.union([z.string(), z.number(), z.record(z.string(), z.unknown())]));
export const CheckInput = z.strictObject({
  /** Kept when given (the id of a check already stored), so results stay joined to it across edits. */
  id: z.optional(z.string().check(z.maxLength(64, 'A check id is at most 64 characters.'))),
  kind: z.enum(CHECK_KINDS, `kind must be one of ${CHECK_KINDS.join(', ')}.`),
  value: CheckValue,
  name: z.optional(
    z.nullable(z.string().check(z.maxLength(CHECK_NAME_MAX, `A check's name must be at most ${CHECK_NAME_MAX} characters.`), safeText("A check's name"))),
  ),
});
export type CheckInput = z.infer<typeof CheckInput>;
/** PUT /prompts/{id}/checks: the whole list, replacing the stored one. */
export const ChecksInput = z.strictObject({
  checks: z.array(CheckInput).check(z.maxLength(CHECKS_MAX, `A prompt has at most ${CHECKS_MAX} checks.`)),
});
export type ChecksInput = z.infer<typeof ChecksInput>;

export const Check = z.object({
  id: z.string(),
  kind: z.enum(CHECK_KINDS),
  value: z.nullable(z.union([z.string(), z.number(), z.record(z.string(), z.unknown())])),
  name: z.nullable(z.string()),
});
export type Check = z.infer<typeof Check>;
export const CheckList = z.object({ checks: z.array(Check) });

// ---- A library prompt's suite ------------------------------------------------------------------

/** Examples a library prompt carries at most (a fork keeps as many as its workspace's plan allows per prompt). */
export const LIBRARY_EXAMPLES_MAX = 200;
/** The suite's JSON at most: it is one item beside the library prompt (DynamoDB's 400 KB per item). */
export const LIBRARY_SUITE_BYTES_MAX = 300_000;
export const librarySuiteTooLarge = () =>
  `A library prompt's checks and examples may hold at most ${LIBRARY_SUITE_BYTES_MAX.toLocaleString('en-US')} bytes in all (UTF-8).`;

/** PUT /admin/prompts/{id}/suite: the whole suite; a check or example given with its id keeps it (forks match checks by id). */
export const LibrarySuiteInput = z.strictObject({
  checks: z.array(CheckInput).check(z.maxLength(CHECKS_MAX, `A prompt has at most ${CHECKS_MAX} checks.`)),
  examples: z
    .array(
      z
        .strictObject({ ...ExampleFields, inputs: Inputs, id: z.optional(z.string().check(z.maxLength(64, 'An example id is at most 64 characters.'))) })
        .check(withinSize),
    )
    .check(z.maxLength(LIBRARY_EXAMPLES_MAX, `A library prompt has at most ${LIBRARY_EXAMPLES_MAX} examples.`)),
});
export type LibrarySuiteInput = z.infer<typeof LibrarySuiteInput>;
export const LibrarySuite = z.object({ checks: z.array(Check), examples: z.array(Example) });
export type LibrarySuite = z.infer<typeof LibrarySuite>;

// ---- The gate ------------------------------------------------------------------------------------

/** PUT /prompts/{id}/labels/{label}/protection. */
export const LabelProtectionInput = z.strictObject({
  require_checks: z.boolean('require_checks must be true or false.'),
  min_pass_rate: z.optional(
    z
      .number('min_pass_rate is a number from 0 to 1.')
      .check(z.gte(0, 'min_pass_rate is a number from 0 to 1.'), z.lte(1, 'min_pass_rate is a number from 0 to 1.')),
  ),
  /** Issue 31: the label moves only by merging an approved review. */
  require_review: z.optional(z.boolean('require_review must be true or false.')),
});
export type LabelProtectionInput = z.infer<typeof LabelProtectionInput>;
export const LabelProtection = z.object({ label: z.string(), require_checks: z.boolean(), min_pass_rate: z.number(), require_review: z.optional(z.boolean()) });
/** 409 of a refused move of a protected label. */
export const GateRefusal = z.object({ detail: z.string(), evaluation_id: z.optional(z.string()) });
