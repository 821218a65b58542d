import * as z from 'zod/mini';
import { Tier, safeLine } from './common';
import { Body, CategoryName, CategoryRef, TAGS_MAX, TAG_MAX, Title } from './prompts';

export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_PAGE_SIZE_MAX = 100;
export const FEATURED_MAX = 5;
export const TEASER_LENGTH = 80;

/**
 * A library prompt as a caller sees it. Above the caller's tier it is `locked`: the body is only
 * an 80-character teaser, never the full text.
 */
export const LibraryPrompt = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  category_id: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  access_tier: Tier,
  locked: z.boolean(),
  has_variables: z.boolean(),
});
export type LibraryPrompt = z.infer<typeof LibraryPrompt>;

/** Query parameters of GET /library/prompts; all optional (none = the whole list as an array). */
export const LibraryQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(200, 'search must be at most 200 characters.'))),
  category: z.optional(z.string().check(z.maxLength(100, 'category must be at most 100 characters.'))),
  /** Comma-separated; a prompt matches if it has any of them. */
  tasks: z.optional(z.string().check(z.maxLength(2000, 'tasks is too long.'))),
  industries: z.optional(z.string().check(z.maxLength(2000, 'industries is too long.'))),
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'page must be a positive whole number.'))),
  page_size: z.optional(z.string().check(z.regex(/^[1-9]\d{0,2}$/, 'page_size must be a whole number from 1 to 100.'))),
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

export const ForkRequest = z.strictObject({ category_id: z._default(CategoryRef, null) });

/** One entry of a library import file (`npm run library:import -- file.json`) or a publish. */
export const LibraryEntry = z.strictObject({
  /** Stable id: importing the same file twice updates instead of duplicating. */
  id: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'id must be lowercase letters, digits and dashes (max 80).'))),
  title: Title,
  body: Body,
  category: z.nullable(z.optional(CategoryName)),
  tasks: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each task'))).check(z.maxLength(TAGS_MAX)), []),
  industries: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(TAG_MAX), safeLine('Each industry'))).check(z.maxLength(TAGS_MAX)), []),
  access_tier: z._default(Tier, 'free'),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;

/** Deterministic ids, so importing the same file twice updates instead of duplicating. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

export const entryId = (entry: Pick<LibraryEntry, 'id' | 'title'>) => entry.id ?? slug(entry.title);
