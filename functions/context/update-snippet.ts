import { SnippetInput } from '@shared/contract/context';
import { updateSnippet } from '../lib/context';
import { api, ok } from '../lib/http';

/** PUT /context/snippets/{id}: name and content. */
export const handler = api('PUT /context/snippets/{id}', { body: SnippetInput }, async ({ user, body, params }) =>
  ok(await updateSnippet(user.id, params.id!, body)),
);
