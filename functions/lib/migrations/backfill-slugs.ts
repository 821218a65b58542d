import { scanPages } from '../data/db';
import { PERSONAL_PK, type WorkspacePk } from '../data/keys';
import { promptParts } from '../data/prompt';
import { SlugTaken, slugParts, withNewSlug } from '../data/slugs';
import { failing, transact } from '../data/transactions';

/**
 * Delete when: `npm run slugs:backfill` has reported 0 prompts given a slug in every deployed
 * stage (every prompt saved before slugs existed has one). Not on any request path.
 *
 * Gives each prompt without a slug one: a Scan for them, then per prompt the claim and the slug in
 * one transaction, conditioned on it still having none. Answers how many it gave, and after each
 * page of the Scan how far it got.
 */
export async function backfillSlugs(onProgress?: (progress: { found: number; given: number }) => void): Promise<number> {
  let given = 0;
  let found = 0;
  const pages = scanPages({
    FilterExpression: '#t = :prompt AND attribute_not_exists(slug) AND begins_with(pk, :user)',
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: { ':prompt': 'prompt', ':user': PERSONAL_PK },
    ProjectionExpression: 'pk, sk, id, title',
  });
  for await (const page of pages) {
    for (const item of page) {
      const workspace = String(item.pk) as WorkspacePk;
      const done = await withNewSlug(workspace, String(item.title), async (slug) => {
        try {
          await transact([
            failing(slugParts.claim(workspace, slug, String(item.id)), () => new SlugTaken()),
            failing(promptParts.giveSlug(workspace, String(item.id), slug), () => new AlreadyDone()),
          ]);
          return true;
        } catch (error) {
          if (error instanceof AlreadyDone) return false;
          throw error;
        }
      });
      if (done) given++;
    }
    found += page.length;
    onProgress?.({ found, given });
  }
  return given;
}

class AlreadyDone extends Error {}
