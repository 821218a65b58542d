import { PublishRequest } from '@shared/contract/admin';
import { NotFoundError } from '../lib/errors';
import { api, created } from '../lib/http';
import { adminPromptRows, loadLibrary, publishPrompt } from '../lib/library';
import { loadWorkspace } from '../lib/workspace';

/** POST /admin/prompts: 'Publish to Library' of one of the admin's own prompts. */
export const handler = api('POST /admin/prompts', { body: PublishRequest }, async ({ user, body }) => {
  const source = (await loadWorkspace(user.id)).prompts.find((p) => p.id === body.prompt_id);
  if (!source) throw new NotFoundError('Prompt not found.');
  const item = await publishPrompt(source, body.category_id, body.access_tier, user.email);
  return created(adminPromptRows(await loadLibrary()).find((row) => row.id === item.id));
});
