import { apiKeyLookups } from './api-keys';
import { batchWrite } from './db';

/**
 * Items of a user that live outside the user's partition (API key lookups, share links), found
 * through their twins inside it. Deleting an account removes them BEFORE the partition, so a
 * retried deletion still finds them.
 */
export async function deleteOutsideItems(userId: string): Promise<void> {
  const keys = await apiKeyLookups(userId);
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
