import { api, ok } from '../lib/http';
import { listRegistry } from '../lib/registry';

/** GET /registry/prompts: the caller's prompts by slug, with their labels and variables (session or API key). */
export const handler = api('GET /registry/prompts', {}, async ({ user }) => ok({ prompts: await listRegistry(user.id) }));
