import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { slugCandidate, slugify } from '@shared/slugs';
import { ConflictError } from '../http/errors';
import { db, queryAll, TABLE } from './db';
import type { WorkspacePk } from './keys';
import { retry } from './retry';
import { type Tx, transact } from './transactions';

/**
 * Slug claims: `USER#<id>` / `SLUG#<slug>` → the prompt id, written in the same transaction as the
 * prompt's `slug`, so two prompts of a workspace can never end with one slug (as name claims do
 * for categories). The registry finds a prompt by its slug through this item.
 */
export const slugKey = (workspace: WorkspacePk, slug: string) => ({ pk: workspace, sk: `SLUG#${slug}` });

export const SLUG_TAKEN = 'Another of your prompts already has this slug.';

export const slugClaim = (workspace: WorkspacePk, slug: string, promptId: string): Tx => ({
  Put: { TableName: TABLE, Item: { ...slugKey(workspace, slug), type: 'prompt_slug', prompt_id: promptId }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Frees a slug, only while it still names this prompt. */
export const slugRelease = (workspace: WorkspacePk, slug: string, promptId: string): Tx => ({
  Delete: {
    TableName: TABLE,
    Key: slugKey(workspace, slug),
    ConditionExpression: 'attribute_not_exists(pk) OR prompt_id = :id',
    ExpressionAttributeValues: { ':id': promptId },
  },
});

/** Slugs of the workspace starting with `base` (one Query on the SLUG# range). */
async function takenLike(workspace: WorkspacePk, base: string): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': `SLUG#${base}` },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  return new Set(items.map((i) => String(i.sk).slice('SLUG#'.length)));
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

/**
 * Gives each prompt without a slug (saved before slugs existed) one: a Scan for them, then per
 * prompt the claim and the slug in one transaction, conditioned on it still having none. Answers
 * how many it gave. A maintenance script's job (infra/backfill-slugs.ts), never a request's.
 */
export async function backfillSlugs(): Promise<number> {
  let given = 0;
  for await (const page of paginateScan(
    { client: db },
    {
      TableName: TABLE,
      FilterExpression: '#t = :prompt AND attribute_not_exists(slug) AND begins_with(pk, :user)',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':prompt': 'prompt', ':user': 'USER#' },
      ProjectionExpression: 'pk, sk, id, title',
    },
  )) {
    for (const item of page.Items ?? []) {
      const workspace = String(item.pk) as WorkspacePk;
      const done = await withNewSlug(workspace, String(item.title), async (slug) => {
        try {
          await transact(
            [
              slugClaim(workspace, slug, String(item.id)),
              {
                Update: {
                  TableName: TABLE,
                  Key: { pk: item.pk, sk: item.sk },
                  UpdateExpression: 'SET slug = :s',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(slug)',
                  ExpressionAttributeValues: { ':s': slug },
                },
              },
            ],
            { 0: () => new SlugTaken(), 1: () => new AlreadyDone() },
          );
          return true;
        } catch (error) {
          if (error instanceof AlreadyDone) return false;
          throw error;
        }
      });
      if (done) given++;
    }
  }
  return given;
}

class AlreadyDone extends Error {}
