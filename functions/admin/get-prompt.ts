import { contentView } from '@shared/chat';
import { getLibraryPrompt, LIBRARY_PROMPT_NOT_FOUND } from '../lib/data/library';
import { NotFoundError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';

/** GET /admin/prompts/{id}: a library prompt's full text for the admin's edit dialog (from the table, so an edit starts from the latest). */
export const handler = api('GET /admin/prompts/{id}', {}, async ({ params }) => {
  const prompt = await getLibraryPrompt(params.id);
  if (!prompt) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  const { id, title, tasks, industries, access_tier } = prompt;
  return ok({ id, title, ...contentView(prompt), tasks: tasks ?? [], industries: industries ?? [], access_tier });
});
