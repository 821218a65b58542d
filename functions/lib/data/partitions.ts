import { batchWrite, type Item, type Key, queryAll, queryPages } from './db';

/** Access pattern: every item of a partition, all pages (an account's export). */
export const partitionItems = (pk: string): Promise<Item[]> => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });

/**
 * Deleting a whole partition: an account's (use-cases/account-data.ts) or a team's
 * (use-cases/teams.ts), with the items of every entity in it. This is the one write that is not
 * an entity module's own, because it ends all of them at once; the caller names, per item, what it
 * points at outside the partition (`outside`), and those go first: if a pass stops half way, what
 * names them is still there for the next pass.
 */
export async function deletePartition(pk: string, projection: string, outside: (item: Record<string, unknown>) => Key[]): Promise<number> {
  let deleted = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
  for await (const found of pages) {
    await batchWrite(found.flatMap(outside).map((Key) => ({ DeleteRequest: { Key } })));
    await batchWrite(found.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
    deleted += found.length;
  }
  return deleted;
}

/** Deletes items outside any partition being deleted, by key (what a partition's items name: share links, key lookups). */
export const deleteOutside = (keys: Key[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
