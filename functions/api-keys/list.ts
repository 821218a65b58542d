import { listApiKeys } from '../lib/data/api-keys';
import { api, ok } from '../lib/http/http';

/** GET /api-keys: the caller's keys (name, prefix, dates), never a key or its hash. */
export const handler = api('GET /api-keys', {}, async ({ user }) => ok({ keys: await listApiKeys(user) }));
