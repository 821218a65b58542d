import { slugCandidate, slugify } from '@shared/slugs';
import { ConflictError } from '../http/errors';
import { beginsWith, getItem } from './db';
import type { WorkspacePk } from './keys';
import { retry } from './retry';
import type { Part } from './transactions';

/**
 * Slug claims: `USER#<id>` / `SLUG#<slug>` → the prompt id, written in the same transaction as the
 * prompt's `slug`, so two prompts of a workspace can never end with one slug (as name claims do
 * for categories). The registry finds a prompt by its slug through this item.
 */
const SLUG_SK = 'SLUG#';
export const slugKey = (workspace: WorkspacePk, slug: string) => ({ pk: workspace as string, sk: `${SLUG_SK}${slug}` });

export const SLUG_TAKEN = 'Another of your prompts already has this slug.';

export const slugParts = {
  /** Claims a slug for a prompt: fails when the workspace has it already. */
  claim: (workspace: WorkspacePk, slug: string, promptId: string): Part => ({
    put: { Item: { ...slugKey(workspace, slug), type: 'prompt_slug', prompt_id: promptId }, ConditionExpression: 'attribute_not_exists(pk)' },
  }),
  /** Frees a slug, only while it still names this prompt. */
  release: (workspace: WorkspacePk, slug: string, promptId: string): Part => ({
    delete: {
      Key: slugKey(workspace, slug),
      ConditionExpression: 'attribute_not_exists(pk) OR prompt_id = :id',
      ExpressionAttributeValues: { ':id': promptId },
    },
  }),
};

/** Access pattern: the claim of a slug (GetItem), naming its prompt; undefined when no prompt has it. */
export const getSlugClaim = (workspace: WorkspacePk, slug: string) => getItem(slugKey(workspace, slug));

/** Slugs of the workspace starting with `base` (one Query on the SLUG# range). */
async function takenLike(workspace: WorkspacePk, base: string): Promise<Set<string>> {
  const items = await beginsWith(workspace, `${SLUG_SK}${base}`, { ProjectionExpression: 'sk', ConsistentRead: true });
  return new Set(items.map((i) => String(i.sk).slice(SLUG_SK.length)));
}

/** The first free candidate of `base` (`base`, `base-2`, ...) among `taken`. */
export function freeSlug(base: string, taken: Set<string>): string {
  for (let n = 1; ; n++) if (!taken.has(slugCandidate(base, n))) return slugCandidate(base, n);
}

export class SlugTaken extends Error {}

/**
 * Runs `write` with a slug made from `title`: first the plain one (no read); when its claim fails
 * (`write` throws SlugTaken), the workspace's slugs like it are read and the first free one tried.
 */
export async function withNewSlug<T>(workspace: WorkspacePk, title: string, write: (slug: string) => Promise<T>): Promise<T> {
  const base = slugify(title);
  const policy = {
    attempts: 5,
    retryOn: (error: unknown) => error instanceof SlugTaken,
    exhausted: () => new ConflictError('Too many prompts were saved at once with this title. Please try again.'),
  };
  return retry(policy, async (attempt) => write(attempt === 1 ? base : freeSlug(base, await takenLike(workspace, base))));
}
