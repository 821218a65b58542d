import type { CreatedApiKey } from '@shared/contract/api-keys';
import { createApiKey } from '../data/api-keys';
import type { UserRecord } from '../data/users';
import { apiKeyCreatedMail } from '../services/mail-messages';
import { checkPassword, linkBase, notify } from './account';

/**
 * POST /api-keys: a key opens the owner's prompts to whoever holds it, so making one asks for the
 * password (counted by the sign-in guard, as every password check) and the owner is told by email,
 * with the way to revoke it.
 */
export async function createKey({
  user,
  name,
  password,
  address,
}: {
  user: UserRecord;
  name: string;
  password: string;
  address: string;
}): Promise<CreatedApiKey> {
  const site = linkBase();
  await checkPassword({ user, password, address, wrong: 'Your password is incorrect.' });
  const made = await createApiKey(user, name);
  await notify(user, apiKeyCreatedMail(user.email, { name: made.name, prefix: made.prefix, url: `${site}/api-keys` }));
  return made;
}
