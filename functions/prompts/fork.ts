import { ForkRequest } from '@shared/contract/library';
import { tierAllows } from '@shared/tiers';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { api, created } from '../lib/http';
import { getLibraryPrompt } from '../lib/library';
import { createPrompt, getCategory, toPrompt } from '../lib/workspace';

const TIER_NAMES = { free: 'Free', pro: 'Pro', elite: 'Elite' } as const;

/**
 * POST /prompts/fork/{id}: copies a library prompt into the caller's workspace, within the plan
 * limit, into one of the caller's own categories (or none). Locked prompts answer 403.
 */
export const handler = api('POST /prompts/fork/{id}', { body: ForkRequest }, async ({ user, body, params }) => {
  const original = await getLibraryPrompt(params.id!);
  if (!original) throw new NotFoundError('Prompt not found.');
  if (!tierAllows(user.access_tier, original.access_tier)) {
    throw new ForbiddenError(`This prompt is part of the ${TIER_NAMES[original.access_tier]} plan. Upgrade your plan to use it.`);
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
  });
  return created(toPrompt(prompt, new Map(category ? [[category.id, category.name]] : [])));
});
