import { apiKeyLookups } from '../data/api-keys';
import { batchWrite, queryAll } from '../data/db';
import { shareKey } from '../data/share';

/**
 * Items of a user that live outside the user's partition (API key lookups, share links), found
 * through their twins inside it. Deleting an account removes them BEFORE the partition, so a
 * retried deletion still finds them.
 */
export async function deleteOutsideItems(userId: string): Promise<void> {
  const shared = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'PROMPT#' },
    ProjectionExpression: 'share_token',
  });
  const keys = [...(await apiKeyLookups(userId)), ...shared.filter((p) => p.share_token).map((p) => shareKey(String(p.share_token)))];
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
