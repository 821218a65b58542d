import { PROMPT_MAX_BYTES } from '@shared/contract/chat';
import { LibraryPromptEdit } from '@shared/contract/library';
import { api, noContent } from '../lib/http/http';
import { checkConfigSchemas } from '../lib/services/json-schema';
import { editLibraryPrompt } from '../lib/use-cases/library-curation';

/**
 * PUT /admin/prompts/{id}: an admin's edit of a library prompt's title, body (a chat prompt's
 * messages), model settings, tasks, industries and tier, through the import's upsert (a changed
 * title or content shows 'Updated in library' on forks).
 */
export const handler = api('PUT /admin/prompts/{id}', { body: LibraryPromptEdit, maxBodyBytes: PROMPT_MAX_BYTES }, async ({ user, body, params }) => {
  checkConfigSchemas(body.config);
  await editLibraryPrompt({ id: params.id, edit: body, curatorEmail: user.email });
  return noContent();
});
