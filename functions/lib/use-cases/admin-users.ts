import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { db, queryAll, TABLE } from '../data/db';
import { normaliseEmail, USERS_SHARDS } from '../data/keys';
import { type Page, type PageRequest, searchedPage } from '../data/paging';
import { conditionFailed } from '../data/retry';
import { syncTeamTiers } from '../data/team';
import { type Tx, transact } from '../data/transactions';
import { adminCountChange, getUser, toUser, type UserRecord, userKeys } from '../data/users';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import { deleteUserData, LAST_ADMIN } from './account-data';

/**
 * User management for admins. Every user item is in one of USERS_SHARDS partitions of the sparse
 * index gsi2 (sorted by normalised email there, only the listed attributes projected), so listing
 * is a page merged from a Query per shard (paging.ts), never a Scan; and no write of a counter,
 * profile value or directive touches the index. The admin count item makes "never lose the last
 * admin" hold even when two admins demote each other at the same moment.
 */
export const listUsers = (request: PageRequest): Promise<Page<User>> =>
  searchedPage(
    'users',
    request,
    { prefix: 'USERS#', shards: USERS_SHARDS, projection: ['id', 'email', 'first_name', 'last_name', 'is_admin', 'access_tier'], searched: 'email' },
    (item) => toUser(item as unknown as UserRecord),
  );

/**
 * Moves user items of the former users index (gsi1, partition `USERS`, every attribute
 * projected) to gsi2's sharded partitions; a no-op once done (docs/data-model.md, migration).
 */
export async function migrateUsersIndex(): Promise<number> {
  const legacy = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :u',
    ExpressionAttributeValues: { ':u': 'USERS' },
    ProjectionExpression: 'pk, sk, id, email',
  });
  for (const item of legacy) {
    await db
      .send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':pk': userKeys.usersIndex(item.id as string, item.email as string).gsi2pk,
            ':sk': normaliseEmail(item.email as string),
          },
        }),
      )
      .catch((error: Error) => {
        if (!conditionFailed(error)) throw error;
      });
  }
  return legacy.length;
}

async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new NotFoundError('User not found.');
  return user;
}

export async function updateUser(actor: UserRecord, userId: string, changes: { is_admin?: boolean; access_tier?: Tier }): Promise<User> {
  if (userId === actor.id && changes.is_admin === false) throw new BadRequestError('You cannot remove your own admin status.');
  const user = await existingUser(userId);
  const next = { ...user, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as UserRecord;
  const items: Tx[] = [
    {
      Update: {
        TableName: TABLE,
        Key: userKeys.user(userId),
        UpdateExpression: 'SET is_admin = :admin, access_tier = :tier',
        // Guards the admin count against a concurrent change of the same flag.
        ConditionExpression: 'attribute_exists(pk) AND is_admin = :was',
        ExpressionAttributeValues: { ':admin': next.is_admin, ':tier': next.access_tier, ':was': user.is_admin },
      },
    },
  ];
  if (next.is_admin !== user.is_admin) items.push(adminCountChange(next.is_admin ? 1 : -1));
  await transact(items, {
    0: () => new ConflictError('This user was changed by another request. Please reload and try again.'),
    1: () => new BadRequestError(LAST_ADMIN),
  });
  // The teams the user created follow their plan (docs/product.md, "Teams").
  if (next.access_tier !== user.access_tier) await syncTeamTiers(userId, next.access_tier);
  return toUser(next);
}

/** Deletes another user's account through the one deletion path (account-data.ts). */
export async function deleteUser(actor: UserRecord, userId: string): Promise<void> {
  if (userId === actor.id) throw new BadRequestError('You cannot delete your own account.');
  if (!(await deleteUserData(userId, () => new BadRequestError(LAST_ADMIN)))) throw new NotFoundError('User not found.');
}
