import { ApiKeyInput } from '@shared/contract/api-keys';
import { clientAddress } from '../lib/http/client-address';
import { api, created } from '../lib/http/http';
import { createKey } from '../lib/use-cases/api-keys';

/** POST /api-keys: a new key, shown this once (only its hash is kept); the password is asked, and the owner is told by email. */
export const handler = api('POST /api-keys', { body: ApiKeyInput }, async ({ user, body, event }) =>
  created(await createKey({ user, name: body.name, password: body.password, address: await clientAddress(event) })),
);
