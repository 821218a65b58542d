import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, getItem, TABLE } from './db';
import { personalPk, USERS_SHARDS, usersShard } from './keys';
import { type Part, write } from './transactions';

/**
 * The note that an account's deletion has begun and its clean-up is not known to be finished:
 * `PURGES#<shard>` / `USER#<id>`, spread over the users listing's shards by id, so no one
 * partition takes every deletion. Written with the end of the account, deleted after its clean-up
 * (use-cases/account-data.ts); holds the email (its sign-in guard is cleared at the end).
 */
const purgeKey = (userId: string) => ({ pk: `PURGES#${usersShard(userId)}`, sk: personalPk(userId) as string });

export interface PurgeMarker {
  user_id: string;
  email?: string;
}

export const purgeParts = {
  begin: (userId: string, email: string): Part => ({
    put: { Item: { ...purgeKey(userId), type: 'account_purge', user_id: userId, email, started_at: new Date().toISOString() } },
  }),
};

export const getPurgeMarker = async (userId: string) => (await getItem(purgeKey(userId), { consistent: true })) as PurgeMarker | undefined;

export const endPurge = (userId: string) => write({ delete: { Key: purgeKey(userId) } });

/** A few unfinished clean-ups per shard (each shard's first `perShard` markers, the shards read in parallel). */
export async function unfinishedPurges(perShard: number): Promise<PurgeMarker[]> {
  const pages = await Promise.all(
    Array.from({ length: USERS_SHARDS }, (_, shard) =>
      db.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `PURGES#${shard}` }, Limit: perShard }),
      ),
    ),
  );
  return pages.flatMap((p) => (p.Items ?? []) as PurgeMarker[]);
}
