import * as z from 'zod/mini';
import { Messages, ModelConfig, PromptKind } from './chat';
import { safeLine, Tier } from './common';
import { CategoryName, CategoryRef, contentFields, contentRule, TAG_MAX, TAGS_MAX, Title } from './prompts';

export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_PAGE_SIZE_MAX = 100;
export const FEATURED_MAX = 5;
export const TEASER_LENGTH = 80;
export const LIBRARY_SORTS = ['relevance', 'popular', 'rating', 'newest', 'title'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** Ratings from people who ran a library prompt: of its current version, or (`older_version`) of the latest earlier version that has any. */
export const LibraryRatingSummary = z.object({ average: z.number(), count: z.number(), older_version: z.boolean() });
export type LibraryRatingSummary = z.infer<typeof LibraryRatingSummary>;

/**
 * A library prompt as a caller sees it. Above the caller's tier it is `locked`: the body is only
 * an 80-character teaser, never the full text (nor a chat prompt's messages or its settings).
 */
export const LibraryPrompt = z.object({
  id: z.string(),
  title: z.string(),
  kind: z._default(PromptKind, 'text'),
  body: z.string(),
  messages: z.optional(Messages),
  config: z.optional(ModelConfig),
  category_id: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  access_tier: Tier,
  locked: z.boolean(),
  has_variables: z.boolean(),
  /** How many times it was saved to My Prompts (as of the snapshot's build). */
  forks: z._default(z.number(), 0),
  /** How many times it (or a fork of it) was run (as of the snapshot's build). */
  runs: z._default(z.number(), 0),
  /** Its stars (as of the snapshot's build); null before anyone rated it. */
  rating: z._default(z.nullable(LibraryRatingSummary), null),
  /** When it joined the library. */
  created_at: z._default(z.string(), ''),
});
export type LibraryPrompt = z.infer<typeof LibraryPrompt>;

/** Query parameters of GET /library/prompts; all optional (none = the whole list as an array). */
export const LibraryQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(200, 'search must be at most 200 characters.'), z.describe('Text in the title or body, in any letter case'))),
  category: z.optional(z.string().check(z.maxLength(100, 'category must be at most 100 characters.'), z.describe('A library category name'))),
  tasks: z.optional(z.string().check(z.maxLength(2000, 'tasks is too long.'), z.describe('Comma-separated; a prompt matches if it has any of them'))),
  industries: z.optional(z.string().check(z.maxLength(2000, 'industries is too long.'), z.describe('Comma-separated; a prompt matches if it has any of them'))),
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'page must be a positive whole number.'), z.describe('The page, from 1'))),
  page_size: z.optional(
    z.string().check(z.regex(/^[1-9]\d{0,2}$/, 'page_size must be a whole number from 1 to 100.'), z.describe('Prompts per page, 1 to 100')),
  ),
  sort: z.optional(
    z
      .enum(LIBRARY_SORTS, 'sort must be one of relevance, popular, rating, newest, title.')
      .check(
        z.describe(
          'relevance (default: title matches first, then body matches), popular (most runs and saves), rating (best rated first), newest, title (A–Z); applied before paging',
        ),
      ),
  ),
  available: z.optional(
    z.enum(['true', 'false'], 'available must be true or false.').check(z.describe("true: only prompts the caller's plan opens (no locked teasers)")),
  ),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

export const LibraryPage = z.object({
  prompts: z.array(LibraryPrompt),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  total_pages: z.number(),
  /** Up to 5 elite prompts for the carousel (teasers when locked). */
  featured: z.array(LibraryPrompt),
  /** Tasks present among prompts matching the current search, category and industries. */
  available_tasks: z.array(z.string()),
});
export type LibraryPage = z.infer<typeof LibraryPage>;

export const LibraryFilters = z.object({ categories: z.array(z.string()), tasks: z.array(z.string()), industries: z.array(z.string()) });
export type LibraryFilters = z.infer<typeof LibraryFilters>;

/** An admin's edit of a library prompt's text and tier (PUT /admin/prompts/{id}); the category stays. */
export const LibraryPromptEdit = z
  .strictObject({
    title: Title,
    ...contentFields,
    tasks: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each task'))).check(z.maxLength(TAGS_MAX)), []),
    industries: z._default(
      z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each industry'))).check(z.maxLength(TAGS_MAX)),
      [],
    ),
    access_tier: Tier,
  })
  .check(contentRule);
export type LibraryPromptEdit = z.infer<typeof LibraryPromptEdit>;
/** GET /admin/prompts/{id}: what the edit starts from (the full text, whatever the admin's own plan). */
export const LibraryPromptText = z.object({
  id: z.string(),
  title: z.string(),
  kind: PromptKind,
  body: z.string(),
  messages: z.optional(Messages),
  config: ModelConfig,
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  access_tier: Tier,
});
export type LibraryPromptText = z.infer<typeof LibraryPromptText>;

export const ForkRequest = z.strictObject({ category_id: z._default(CategoryRef, null) });

/** PUT /library/prompts/{id}/rating: one to five stars. */
export const LibraryRatingInput = z.strictObject({
  stars: z
    .number('stars must be a number from 1 to 5.')
    .check(z.int('stars must be a whole number from 1 to 5.'), z.gte(1, 'stars must be from 1 to 5.'), z.lte(5, 'stars must be from 1 to 5.')),
});
export type LibraryRatingInput = z.infer<typeof LibraryRatingInput>;
/** The person's rating, and the average and count of the prompt's current version with it. */
export const LibraryRating = z.object({ stars: z.number(), average: z.number(), count: z.number() });
export type LibraryRating = z.infer<typeof LibraryRating>;
/** GET /library/prompts/{id}/rating: the person's rating (null: none), the current version's average and count, and whether they may rate. */
export const LibraryRatingState = z.object({
  stars: z.nullable(z.number()),
  /** Their rating is for an earlier version of the prompt. */
  older_version: z.boolean(),
  average: z.nullable(z.number()),
  count: z.number(),
  can_rate: z.boolean(),
});
export type LibraryRatingState = z.infer<typeof LibraryRatingState>;

/** One entry of a library import file (`npm run library:import -- file.json`) or a publish. */
export const LibraryEntry = z
  .strictObject({
    /** Stable id: importing the same file twice updates instead of duplicating. */
    id: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'id must be lowercase letters, digits and dashes (max 80).'))),
    title: Title,
    ...contentFields,
    category: z.nullable(z.optional(CategoryName)),
    tasks: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each task'))).check(z.maxLength(TAGS_MAX)), []),
    industries: z._default(
      z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each industry'))).check(z.maxLength(TAGS_MAX)),
      [],
    ),
    access_tier: z._default(Tier, 'free'),
  })
  .check(contentRule);
export type LibraryEntry = z.infer<typeof LibraryEntry>;

/** Deterministic ids, so importing the same file twice updates instead of duplicating. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

/** FNV-1a, 64 bits, over the title's UTF-16 units: a short, stable fingerprint in any runtime. */
function titleHash(title: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < title.length; i++) hash = ((hash ^ BigInt(title.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(36).padStart(13, '0').slice(0, 10);
}

/**
 * An entry's id: its own, or a readable slug of the title plus a fingerprint of its letters and
 * digits (titleKey), so distinct titles get distinct ids in any script (every Japanese title would otherwise slug to
 * 'untitled'). `legacyEntryId` is the slug alone, which earlier imports used; upsertEntries keeps
 * such an item's id when its title matches, so re-importing an old file still updates in place.
 */
/** What makes two titles the same prompt: letters and digits of any script, any case, no punctuation or spacing. */
const titleKey = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, '');
export const entryId = (entry: Pick<LibraryEntry, 'id' | 'title'>) => entry.id ?? `${slug(entry.title).slice(0, 60)}-${titleHash(titleKey(entry.title))}`;
export const legacyEntryId = (entry: Pick<LibraryEntry, 'id' | 'title'>) => entry.id ?? slug(entry.title);
