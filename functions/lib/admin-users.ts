import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { LAST_ADMIN, deleteUserData } from './account-data';
import { TABLE, db } from './db';
import { BadRequestError, ConflictError, NotFoundError } from './errors';
import { keys } from './keys';
import { type Tx, transact } from './transactions';
import { type UserRecord, adminCountChange, getUser, toUser } from './users';

/**
 * User management for admins. Every user item is in the `USERS` partition of gsi1 (sorted by
 * email), so listing is a paged Query, never a Scan. The admin count item makes "never lose the
 * last admin" hold even when two admins demote each other at the same moment.
 */
export async function listUsers(): Promise<User[]> {
  const users: User[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :u', ExpressionAttributeValues: { ':u': 'USERS' }, ExclusiveStartKey }),
    );
    users.push(...(page.Items ?? []).map((item) => toUser(item as UserRecord)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return users;
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
        Key: keys.user(userId),
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
  return toUser(next);
}

/** Deletes another user's account through the one deletion path (account-data.ts). */
export async function deleteUser(actor: UserRecord, userId: string): Promise<void> {
  if (userId === actor.id) throw new BadRequestError('You cannot delete your own account.');
  if (!(await deleteUserData(userId, () => new BadRequestError(LAST_ADMIN)))) throw new NotFoundError('User not found.');
}
