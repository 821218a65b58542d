import * as z from 'zod/mini';
/**
 * Admin lists answer a page (docs/architecture.md, "Bounded answers"): the body is the page's rows,
 * as it always was, and a header carries the opaque cursor of the next page (absent on the last).
 * At most ADMIN_PAGE_MAX rows of at most ~2 KB each: an answer stays far below 1 MB.
 */
import { NEXT_CURSOR_HEADER } from '../routes';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { Email, safeLine, Tier } from './common';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { CategoryName } from './prompts';

export { NEXT_CURSOR_HEADER };
export const ADMIN_PAGE_DEFAULT = 100;
export const ADMIN_PAGE_MAX = 200;
export const INVALID_LIMIT = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}.`;
/** Longest search text of an admin list (an email's longest). */
export const SEARCH_MAX = 254;

/** An admin list's query string: `limit`, `cursor`, and `search` in the field a list names. */
const adminPageQuery = (searched: string) =>
  z.object({
    limit: z.optional(
      z.string().check(
        z.refine((raw) => /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= ADMIN_PAGE_MAX, INVALID_LIMIT),
        z.describe(`Rows per page, 1 to ${ADMIN_PAGE_MAX} (default ${ADMIN_PAGE_DEFAULT})`),
      ),
    ),
    cursor: z.optional(z.string().check(z.describe(`The ${NEXT_CURSOR_HEADER} header of the previous page (opaque, signed; anything else → 400)`))),
    search: z.optional(
      z.string().check(
        z.refine((text) => text.trim().toLowerCase().length <= SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters.`),
        z.describe(`Only ${searched} contains this text, in any letter case (a page may then hold fewer rows than limit)`),
      ),
    ),
  });
export const AdminPromptsQuery = adminPageQuery('prompts whose title');
export const AdminUsersQuery = adminPageQuery('users whose email');
export type AdminPageQuery = z.infer<typeof AdminPromptsQuery>;
export const ADMIN_PAGE_HEADERS = { [NEXT_CURSOR_HEADER]: 'The cursor of the next page; absent on the last page' };
/** The caller's own lists (prompts, snippets, registry) answer whole up to 900 KB, then in pages with the same header. */
export const OwnListQuery = z.object({
  cursor: z.optional(
    z
      .string()
      .check(
        z.describe(`The ${NEXT_CURSOR_HEADER} header of the previous page, when the list was too large for one answer (opaque, signed; anything else → 400)`),
      ),
  ),
});

/** A library prompt row of the admin Prompts tab. */
export const AdminPrompt = z.object({
  id: z.string(),
  title: z.string(),
  category_id: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  owner_email: z.string(),
  access_tier: Tier,
});
export type AdminPrompt = z.infer<typeof AdminPrompt>;
export const AdminPromptList = z.array(AdminPrompt);

export const TierChange = z.strictObject({ access_tier: Tier });

/** Publish one of the admin's own prompts to the library. */
export const PublishRequest = z.strictObject({
  prompt_id: z.string().check(z.minLength(1, 'prompt_id is required.'), z.maxLength(64)),
  category_id: z._default(z.nullable(z.string().check(z.maxLength(100))), null),
  access_tier: z._default(Tier, 'free'),
});

export const LibraryCategory = z.object({ id: z.string(), name: z.string(), prompt_count: z.number() });
export type LibraryCategory = z.infer<typeof LibraryCategory>;
export const LibraryCategoryList = z.array(LibraryCategory);
export const LibraryCategoryInput = z.strictObject({ name: CategoryName });

export const AdminUserCreate = z.strictObject({
  email: Email,
  password: z.string().check(
    z.minLength(1, 'Password is required for new users.'),
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
    z.refine((password: string) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE),
  ),
  first_name: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(100), safeLine('First name')), 'Admin'),
  last_name: z._default(z.string().check(z.trim(), z.maxLength(100), safeLine('Last name')), 'Created'),
  is_admin: z._default(z.boolean(), false),
  access_tier: Tier,
});

export const AdminUserUpdate = z.strictObject({
  is_admin: z.optional(z.boolean()),
  access_tier: z.optional(Tier),
});
