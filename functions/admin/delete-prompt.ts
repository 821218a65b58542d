import { api, noContent } from '../lib/http/http';
import { deleteLibraryPrompt } from '../lib/use-cases/library-curation';

/** DELETE /admin/prompts/{id}: removes a prompt from the library (forks already made stay). */
export const handler = api('DELETE /admin/prompts/{id}', {}, async ({ params }) => {
  await deleteLibraryPrompt(params.id);
  return noContent();
});
