import { SnippetInput } from '@shared/contract/context';
import { createSnippet } from '../lib/data/context';
import { api, created } from '../lib/http/http';

/** POST /context/snippets: within max_snippets; names unique per user (409). */
export const handler = api('POST /context/snippets', { body: SnippetInput }, async ({ workspace, body }) => created(await createSnippet(workspace, body)));
