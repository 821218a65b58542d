import { ApiKeyInput } from '@shared/contract/api-keys';
import { createApiKey } from '../lib/data/api-keys';
import { api, created } from '../lib/http/http';

/** POST /api-keys: a new key, shown this once (only its hash is kept). */
export const handler = api('POST /api-keys', { body: ApiKeyInput }, async ({ user, body }) => created(await createApiKey(user.id, body.name)));
