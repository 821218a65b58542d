import { queryAll } from '../data/db';
import { conditionFailed } from '../data/retry';
import { write } from '../data/transactions';
import { userParts } from '../data/users';

/**
 * Delete when: every deployed stage has dropped the former users index `gsi1` (`npm run
 * users:migrate -- --aws` reported 0 users and the stage no longer sets legacyUsersIndex), together
 * with infra/migrate-users-index.ts and the local stack's call. Run by those two (the local stack
 * only for a data folder whose table still has gsi1); not on any request path.
 *
 * Moves user items of the former users index (gsi1, partition `USERS`, every attribute
 * projected) to gsi2's sharded partitions; a no-op once done.
 */
export async function migrateUsersIndex(onProgress?: (progress: { done: number; total: number }) => void): Promise<number> {
  const legacy = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :u',
    ExpressionAttributeValues: { ':u': 'USERS' },
    ProjectionExpression: 'pk, sk, id, email',
  });
  for (const [index, item] of legacy.entries()) {
    await write(userParts.moveToUsersIndex(item.id as string, item.email as string)).catch((error: Error) => {
      if (!conditionFailed(error)) throw error;
    });
    onProgress?.({ done: index + 1, total: legacy.length });
  }
  return legacy.length;
}
