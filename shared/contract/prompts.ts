import * as z from 'zod/mini';
import { isSlug, SLUG_MESSAGE } from '../slugs';
import { Messages, ModelConfig, PromptKind } from './chat';
import { isSafeLine, safeLine, safeText, Tier } from './common';
import { SaveSource } from './versions';

export const TITLE_MAX = 140;
export const BODY_MAX = 20_000;
export const CATEGORY_NAME_MAX = 60;
export const TAG_MAX = 60;
export const TAGS_MAX = 20;

/**
 * Tasks and industries: a list or a comma-separated string (docs/product.md), normalised to a list
 * of trimmed, non-empty, distinct values.
 */
const TagList = (field: string) =>
  z
    .pipe(
      z.union([z.array(z.string()), z.string()]),
      z.transform((value: string[] | string) => {
        const items = (typeof value === 'string' ? value.split(',') : value).map((t) => t.trim()).filter(Boolean);
        return [...new Set(items)];
      }),
    )
    .check(
      z.refine((tags: string[]) => tags.length <= TAGS_MAX, `${field} may have at most ${TAGS_MAX} entries.`),
      z.refine((tags: string[]) => tags.every((t) => t.length <= TAG_MAX), `Each of ${field} must be at most ${TAG_MAX} characters.`),
      z.refine(
        (tags: string[]) => tags.every(isSafeLine),
        `Each of ${field} must not contain control characters, text-direction overrides or broken characters.`,
      ),
    );

export const Slug = z.string().check(z.trim(), z.refine(isSlug, SLUG_MESSAGE));

export const Title = z
  .string()
  .check(z.trim(), z.minLength(1, 'Title is required.'), z.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters.`), safeLine('Title'));
export const Body = z.string().check(
  z.refine((b: string) => b.trim().length > 0, 'Body is required.'),
  z.maxLength(BODY_MAX, `Body must be at most ${BODY_MAX} characters.`),
  safeText('Body'),
);
/** Empty means uncategorised. */
export const CategoryRef = z.pipe(
  z.nullable(z.optional(z.string().check(z.maxLength(64, 'category_id is invalid.')))),
  z.transform((id: string | null | undefined) => (id ? id : null)),
);

/**
 * A prompt's content (chat.ts): `kind` (default text), a text prompt's `body` or a chat prompt's
 * `messages` (its body is derived from them, so a client never sends one), and `config`.
 */
export const contentFields = {
  /** Absent is text. */
  kind: z.optional(PromptKind),
  body: z.optional(Body),
  messages: z.optional(Messages),
  config: z.optional(ModelConfig),
};

/** Which of body and messages a prompt of each kind takes (the check of every schema with contentFields). */
export const contentRule = z.superRefine((value: { kind?: 'text' | 'chat'; body?: string; messages?: unknown }, ctx) => {
  const problem = (field: string, message: string) => ctx.issues.push({ code: 'custom', path: [field], message, input: value, continue: true });
  if (value.kind === 'chat') {
    if (value.messages === undefined) problem('messages', 'messages is required for a chat prompt.');
    if (value.body !== undefined) problem('body', "A chat prompt's body is made from its messages: send messages without body.");
  } else {
    if (value.body === undefined) problem('body', 'body is required.');
    if (value.messages !== undefined) problem('messages', "messages belong to chat prompts: set kind to 'chat'.");
  }
});

const promptFields = {
  title: Title,
  ...contentFields,
  category_id: z._default(CategoryRef, null),
  tasks: z._default(TagList('tasks'), []),
  industries: z._default(TagList('industries'), []),
};

/** POST /prompts/. */
export const PromptInput = z.strictObject({ ...promptFields, is_favorite: z._default(z.boolean(), false) }).check(contentRule);
export type PromptInput = z.infer<typeof PromptInput>;

/** The short form of PUT /prompts/{id}: only the favourite flag. */
export const FavoriteInput = z.strictObject({ is_favorite: z.boolean() });

/** The full form of PUT /prompts/{id}: every field, the favourite flag kept unless given. */
export const PromptReplace = z
  .strictObject({
    ...promptFields,
    is_favorite: z.optional(z.boolean()),
    /** Where the saved content came from (version history): 'enhance' for an accepted AI enhancement. */
    source: z.optional(SaveSource),
    /** A new slug (unique in the workspace); omitted: the slug stays, whatever the title becomes. */
    slug: z.optional(Slug),
  })
  .check(contentRule);
export type PromptReplace = z.infer<typeof PromptReplace>;

export const PromptUpdate = z.union([FavoriteInput, PromptReplace]);
export type PromptUpdate = z.infer<typeof PromptUpdate>;

export const Prompt = z.object({
  id: z.string(),
  title: z.string(),
  kind: PromptKind,
  /** A text prompt's text; a chat prompt's messages as a readable transcript (shared/chat.ts). */
  body: z.string(),
  /** Chat prompts only. */
  messages: z.optional(Messages),
  /** The model settings of the current version (empty when none are set). */
  config: ModelConfig,
  category_id: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  is_favorite: z.boolean(),
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  access_tier: z.optional(Tier),
  forked_from: z.optional(z.nullable(z.string())),
  /** The current version's number (version history); 1 for a prompt never changed. */
  version: z.number(),
  /** Forks only: the library original changed since the fork, the last pull or dismiss. */
  library_update: z.optional(z.boolean()),
  /** Unique in the workspace: how the registry, the SDK and MCP name the prompt. */
  slug: z.string(),
  /** Labels pinned to versions, e.g. `{ "production": 3 }`. */
  labels: z.record(z.string(), z.number()),
  /** Protected labels (issue 29): a move needs a passing evaluation (left out when none is protected). */
  label_protection: z.optional(
    z.record(z.string(), z.object({ require_checks: z.boolean(), min_pass_rate: z.number(), require_review: z.optional(z.boolean()) })),
  ),
});
export type Prompt = z.infer<typeof Prompt>;

export const Filters = z.object({ tasks: z.array(z.string()), industries: z.array(z.string()) });

export const PromptList = z.object({ prompts: z.array(Prompt), filters: Filters });
export type PromptList = z.infer<typeof PromptList>;

export const CategoryName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Category name is required.'),
    z.maxLength(CATEGORY_NAME_MAX, `Category name must be at most ${CATEGORY_NAME_MAX} characters.`),
    safeLine('Category name'),
  );
export const CategoryInput = z.strictObject({ name: CategoryName });

export const Category = z.object({ id: z.string(), name: z.string(), prompt_count: z.number() });
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

export const EnhanceRequest = z.strictObject({
  prompt_body: Body,
  enhancement_type: z.literal('clarify', "enhancement_type must be 'clarify'."),
});
/** `engine`: who wrote the draft, the AI model ('model') or the built-in clarify engine ('builtin', when no model is configured). */
export const EnhanceEngine = z.enum(['model', 'builtin']);
export const EnhanceResponse = z.object({ enhanced_body: z.string(), engine: EnhanceEngine });

/**
 * POST /prompts/{id}/copy (`?workspace=` names the source): a copy into another workspace, `to` a
 * team's id or null for the caller's own; `move` also deletes the original (its workspace's editors only).
 */
export const CopyRequest = z.strictObject({
  to: z.nullable(z.string().check(z.minLength(1, 'to is a team id, or null for your personal workspace.'))),
  move: z._default(z.boolean(), false),
});
export type CopyRequest = z.infer<typeof CopyRequest>;
