import * as z from 'zod/mini';

/**
 * POST /prompts/import/openai: an OpenAI prompt object (`pmpt_…`, retired by OpenAI on 2026-11-30)
 * as its owner can copy it out of the dashboard, made into a chat prompt with its versions
 * (functions/lib/use-cases/openai-prompt.ts reads the paste; docs/product.md, "Moving from OpenAI
 * prompts").
 *
 * `paste` is one of: the prompt object as JSON (with `versions`, or one version's fields), the
 * dashboard's code snippet (`responses.create({ prompt: { id, version, variables } })`, which names
 * the prompt but not its text: `instructions` then carries the text), or plain instructions.
 */
export const OPENAI_PASTE_MAX = 512 * 1024;

export const OpenAiImportRequest = z.strictObject({
  paste: z.string('paste is required: the prompt as JSON, the code snippet, or its instructions.').check(
    z.refine((p: string) => p.trim().length > 0, 'paste is required: the prompt as JSON, the code snippet, or its instructions.'),
    z.maxLength(OPENAI_PASTE_MAX, `paste must be at most ${OPENAI_PASTE_MAX / 1024} KB.`),
  ),
  /** The prompt's instructions when `paste` is the code snippet (it has no text of its own). */
  instructions: z.optional(z.string().check(z.maxLength(OPENAI_PASTE_MAX, `instructions must be at most ${OPENAI_PASTE_MAX / 1024} KB.`))),
  /** The new prompt's title; else the prompt's name, else one made from its id. */
  title: z.optional(z.string().check(z.maxLength(200, 'title must be at most 200 characters.'))),
});
export type OpenAiImportRequest = z.infer<typeof OpenAiImportRequest>;

/** 201: the chat prompt made, how OpenAI's versions map to its versions, and what the replacement call needs. */
export const OpenAiImportResult = z.object({
  prompt: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  /** The prompt object's id, when the paste named one. */
  openai_id: z.optional(z.string()),
  /** Oldest first: OpenAI's version (as pasted) → this prompt's version. */
  versions: z.array(z.object({ openai: z.string(), version: z.number() })),
  /** `{ production: n }`: the pinned (default) version, else the newest. */
  labels: z.record(z.string(), z.number()),
  /** The INPUT variables made of `{{name}}`, with the example value as the default when one was given. */
  variables: z.array(z.object({ name: z.string(), default: z.optional(z.string()) })),
  /** The production version's model, when it names one. */
  model: z.optional(z.string()),
  /** The production version's reasoning effort: no model setting holds it, the replacement call passes it. */
  reasoning_effort: z.optional(z.string()),
  /** What was not carried over, and why. */
  notes: z.array(z.string()),
});
export type OpenAiImportResult = z.infer<typeof OpenAiImportResult>;
