import { listSnippets } from '../lib/context';
import { api, ok } from '../lib/http';

/** GET /context/snippets: the user's snippets, by name. */
export const handler = api('GET /context/snippets', {}, async ({ user }) => ok(await listSnippets(user.id)));
