import type { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { USERS_SHARDS } from '../data/keys';
import { type Page, type PageRequest, searchedPage } from '../data/paging';
import { syncTeamTiers } from '../data/team';
import { failing, type Part, transact } from '../data/transactions';
import { getUser, toUser, type UserRecord, userParts } from '../data/users';
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

async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new NotFoundError('User not found.');
  return user;
}

export async function updateUser({
  actor,
  userId,
  changes,
}: {
  actor: UserRecord;
  userId: string;
  changes: { is_admin?: boolean; access_tier?: Tier };
}): Promise<User> {
  if (userId === actor.id && changes.is_admin === false) throw new BadRequestError('You cannot remove your own admin status.');
  const user = await existingUser(userId);
  const next = { ...user, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as UserRecord;
  // Conditioned on the flag read: guards the admin count against a concurrent change of the same flag.
  const parts: Part[] = [
    failing(
      userParts.setAdminAndTier(user, next.is_admin, next.access_tier),
      () => new ConflictError('This user was changed by another request. Please reload and try again.'),
    ),
  ];
  if (next.is_admin !== user.is_admin) parts.push(failing(userParts.adminCount(next.is_admin ? 1 : -1), () => new BadRequestError(LAST_ADMIN)));
  await transact(parts);
  // The teams the user created follow their plan (docs/product.md, "Teams").
  if (next.access_tier !== user.access_tier) await syncTeamTiers(userId, next.access_tier);
  return toUser(next);
}

/** Deletes another user's account through the one deletion path (account-data.ts). */
export async function deleteUser(actor: UserRecord, userId: string): Promise<void> {
  if (userId === actor.id) throw new BadRequestError('You cannot delete your own account.');
  if (!(await deleteUserData({ userId, lastAdmin: () => new BadRequestError(LAST_ADMIN) }))) throw new NotFoundError('User not found.');
}
