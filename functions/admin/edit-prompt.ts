import { LibraryPromptEdit } from '@shared/contract/library';
import { api, noContent } from '../lib/http/http';
import { editLibraryPrompt } from '../lib/use-cases/library-curation';

/**
 * PUT /admin/prompts/{id}: an admin's edit of a library prompt's title, body, tasks, industries
 * and tier, through the import's upsert (a changed title or body shows 'Updated in library' on forks).
 */
export const handler = api('PUT /admin/prompts/{id}', { body: LibraryPromptEdit }, async ({ user, body, params }) => {
  await editLibraryPrompt({ id: params.id, edit: body, curatorEmail: user.email });
  return noContent();
});
