import { ForkRequest } from '@shared/contract/library';
import { tierAllows } from '@shared/tiers';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { api, created } from '../lib/http';
import { getLibraryPrompt } from '../lib/library';
import { lockedMessage, revisionOf } from '../lib/lineage';
import { createPrompt, getCategory, toPrompt } from '../lib/workspace';

/**
 * POST /prompts/fork/{id}: copies a library prompt into the caller's workspace, within the plan
 * limit, into one of the caller's own categories (or none). Locked prompts answer 403.
 */
export const handler = api('POST /prompts/fork/{id}', { body: ForkRequest }, async ({ user, body, params }) => {
  const original = await getLibraryPrompt(params.id!);
  if (!original) throw new NotFoundError('Prompt not found.');
  if (!tierAllows(user.access_tier, original.access_tier)) {
    throw new ForbiddenError(lockedMessage(original.access_tier));
  }
  const category = body.category_id ? await getCategory(user.id, body.category_id) : null;
  const prompt = await createPrompt(user, {
    title: original.title,
    body: original.body,
    category_id: category?.id ?? null,
    is_favorite: false,
    tasks: original.tasks ?? [],
    industries: original.industries ?? [],
    forked_from: original.id,
    // Fork lineage: the original's revision taken in, and where version 1 came from.
    forked_revision: revisionOf(original),
    version_source: { kind: 'fork', library_prompt_id: original.id },
  });
  return created({ ...toPrompt(prompt, new Map(category ? [[category.id, category.name]] : [])), library_update: false });
});
