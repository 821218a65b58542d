import { PublishRequest } from '@shared/contract/admin';
import { personalPk } from '../lib/data/keys';
import { getLibraryCategory, LIBRARY_CATEGORY_NOT_FOUND } from '../lib/data/library';
import { loadWorkspace } from '../lib/data/workspace-read';
import { NotFoundError } from '../lib/http/errors';
import { api, created } from '../lib/http/http';
import { publishPrompt } from '../lib/use-cases/library-curation';
import { publishedSuite } from '../lib/use-cases/library-suite';

/** POST /admin/prompts: 'Publish to Library' of one of the admin's own prompts with its checks and examples (the library itself is never reloaded). */
export const handler = api('POST /admin/prompts', { body: PublishRequest }, async ({ user, body }) => {
  const [workspace, category] = await Promise.all([loadWorkspace(personalPk(user.id)), body.category_id ? getLibraryCategory(body.category_id) : null]);
  const source = workspace.prompts.find((p) => p.id === body.prompt_id);
  if (!source) throw new NotFoundError('Prompt not found.');
  if (body.category_id && !category) throw new NotFoundError(LIBRARY_CATEGORY_NOT_FOUND);
  const suite = await publishedSuite(personalPk(user.id), source.id);
  return created(await publishPrompt({ source, suite, category: category ?? null, tier: body.access_tier, curatorEmail: user.email }));
});
