import * as z from 'zod/mini';
import { CHAT_ROLES, ModelConfig } from './chat';
import { safeText } from './common';
import { CompileVariables } from './registry';

/** The longest text a run sends to the model: a text prompt's filled text, or all of a chat prompt's filled messages together (directives included). */
export const RUN_TEXT_MAX = 20_000;
/** Messages a chat run sends (the prompt's, with a conversation in place of its placeholders). */
export const RUN_MESSAGES_MAX = 200;

/** The response header with the runs left today: a number, or `unlimited` (absent on a run on a connection, which takes none). */
export const RUNS_REMAINING_HEADER = 'x-runs-remaining';

/** The media type of a run answered as events (asked for with `Accept`); without it the answer is the text alone. */
export const RUN_EVENTS_TYPE = 'application/x-ndjson';

const textMax = `Text must be at most ${RUN_TEXT_MAX.toLocaleString('en-US')} characters.`;

/** A filled message: what the model reads (placeholders already replaced by the conversation). */
export const RunMessage = z.strictObject({
  role: z.enum(CHAT_ROLES, "Each message's role must be system, user or assistant."),
  content: z.string().check(z.maxLength(RUN_TEXT_MAX, textMax), safeText('A message')),
});
export type RunMessage = z.infer<typeof RunMessage>;

/**
 * POST /engine/run: a prompt filled exactly as the workbench preview shows it (variables
 * substituted, directives applied): `text` for a text prompt, `messages` for a chat prompt, one
 * of the two, bounded together by RUN_TEXT_MAX; the server compiles nothing. `config` is the
 * prompt's model settings (shared/contract/chat.ts); `connection_id` (else the config's) names
 * the workspace connection that answers, `null` the product's model. `prompt_id` and `version`
 * name where the prompt came from: recorded with the run, and when they name a saved version of
 * the workspace's prompt its stored settings replace `config` (use-cases/model-runs.ts runSaved).
 * Instead of text or messages, a run of a saved version may send `variables` (INPUT values, and
 * `directives: false` to leave the global prefix and suffix out): the server compiles that version
 * as the registry does (a missing INPUT or SNIPPET is a 400 naming it), so the caller need not.
 */
export const RunRequest = z
  .strictObject({
    text: z.optional(
      z.string().check(
        z.refine((t: string) => t.trim().length > 0, 'Text is required.'),
        z.maxLength(RUN_TEXT_MAX, textMax),
      ),
    ),
    messages: z.optional(
      z.array(RunMessage).check(
        z.minLength(1, 'messages must hold at least one message.'),
        z.maxLength(RUN_MESSAGES_MAX, `A run sends at most ${RUN_MESSAGES_MAX} messages.`),
        z.refine(
          (ms: RunMessage[]) => ms.reduce((n, m) => n + m.content.length, 0) <= RUN_TEXT_MAX,
          `The messages must be at most ${RUN_TEXT_MAX.toLocaleString('en-US')} characters in all.`,
        ),
        z.refine((ms: RunMessage[]) => ms.some((m) => m.content.trim().length > 0), 'The messages are empty.'),
      ),
    ),
    /** A saved version's INPUT values: the server compiles the version named by prompt_id and version (no text or messages then). */
    variables: z.optional(CompileVariables),
    /** With `variables`: wrap in the global prefix and suffix (default true). */
    directives: z.optional(z.boolean()),
    config: z.optional(ModelConfig),
    connection_id: z.optional(z.nullable(z.string().check(z.minLength(1, 'connection_id is invalid.'), z.maxLength(64, 'connection_id is invalid.')))),
    prompt_id: z.optional(z.string().check(z.maxLength(64, 'prompt_id is invalid.'))),
    version: z.optional(z.number('version must be a number.').check(z.int('version must be a whole number.'), z.gte(1, 'version must be 1 or more.'))),
    /** A column of a compare session (POST /prompts/{id}/compare, with prompt_id): the server holds what it runs, so no text is sent. */
    compare: z.optional(
      z.strictObject({
        id: z.string().check(z.minLength(1, 'compare.id is invalid.'), z.maxLength(64, 'compare.id is invalid.')),
        column: z.enum(['A', 'B', 'C', 'D'], 'compare.column is A, B, C or D.'),
      }),
    ),
  })
  .check(
    z.refine((r) => r.compare === undefined || (r.prompt_id !== undefined && r.text === undefined && r.messages === undefined), {
      message: 'A compare run names prompt_id and sends no text or messages.',
      path: ['compare'],
    }),
    z.refine(
      (r) =>
        r.variables === undefined ||
        (r.prompt_id !== undefined && r.version !== undefined && r.text === undefined && r.messages === undefined && r.compare === undefined),
      { message: 'variables compile a saved version: name prompt_id and version, and send no text or messages.', path: ['variables'] },
    ),
    z.refine((r) => r.compare !== undefined || r.text !== undefined || r.messages !== undefined || r.variables !== undefined, {
      message: 'text is required.',
      path: ['text'],
    }),
    z.refine((r) => r.text === undefined || r.messages === undefined, { message: 'Send text or messages, not both.', path: ['messages'] }),
  );
export type RunRequest = z.infer<typeof RunRequest>;

/** The value of the `x-runs-remaining` header. */
export const RunsRemaining = z.union([z.literal('unlimited'), z.coerce.number().check(z.int(), z.nonnegative())]);

/**
 * One line of a run answered as events (`application/x-ndjson`, one JSON object per line, in
 * order): `start` (who answers; left out for a blind compare column before its vote), the answer as `text` deltas and `tool_call`s (shown, never run
 * by Construct), `usage`, `json` (with a JSON response format: valid or the problems), `error`
 * (a failure after the answer started: what came stands, incomplete), and `end` last, with the
 * outcome, the time to the first output and the whole time in milliseconds.
 */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), engine: z.string(), model: z.string() }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('tool_call'), id: z.string(), name: z.string(), arguments: z.string() }),
  /** `cost_micros` (a compare column's run): the estimated cost from the price table, so a blind column needs no model name for it. */
  /** `estimated`: the model gave no usage, so Construct counted the tokens itself (a tokenizer's estimate). */
  z.object({
    type: z.literal('usage'),
    tokens_in: z.number(),
    tokens_out: z.number(),
    estimated: z.optional(z.literal(true)),
    cost_micros: z.optional(z.number()),
  }),
  z.object({ type: z.literal('json'), valid: z.boolean(), errors: z.array(z.string()) }),
  z.object({ type: z.literal('error'), detail: z.string() }),
  z.object({
    type: z.literal('end'),
    outcome: z.enum(['complete', 'stopped', 'deadline', 'error']),
    first_token_ms: z.number(),
    total_ms: z.number(),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;
