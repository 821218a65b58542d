import { SnippetInput } from '@shared/contract/context';
import { snippetPreload, updateSnippet } from '../lib/data/context';
import { api, ok } from '../lib/http/http';

/** PUT /context/snippets/{id}: name and content (the snippet is read with the user: two round trips). */
export const handler = api('PUT /context/snippets/{id}', { body: SnippetInput, preload: snippetPreload }, async ({ workspace, body, preloaded }) =>
  ok(await updateSnippet(workspace.pk, preloaded.snippet, body)),
);
