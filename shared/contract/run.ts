import * as z from 'zod/mini';

/** The longest text a run sends to the model (the filled prompt, directives included). */
export const RUN_TEXT_MAX = 20_000;

/** The response header with the runs left today: a number, or `unlimited`. */
export const RUNS_REMAINING_HEADER = 'x-runs-remaining';

/**
 * POST /engine/run: the filled prompt exactly as the workbench preview shows it (variables
 * substituted, directives applied). The answer is streamed back as `text/plain`, not JSON.
 * `prompt_id` names the prompt the text came from; it is only logged with the run.
 */
export const RunRequest = z.strictObject({
  text: z.string().check(
    z.refine((t: string) => t.trim().length > 0, 'Text is required.'),
    z.maxLength(RUN_TEXT_MAX, `Text must be at most ${RUN_TEXT_MAX.toLocaleString('en-US')} characters.`),
  ),
  prompt_id: z.optional(z.string().check(z.maxLength(64, 'prompt_id is invalid.'))),
});
export type RunRequest = z.infer<typeof RunRequest>;

/** The value of the `x-runs-remaining` header. */
export const RunsRemaining = z.union([z.literal('unlimited'), z.coerce.number().check(z.int(), z.nonnegative())]);
