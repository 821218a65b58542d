import { contextKeys } from '../data/context';
import { TABLE } from '../data/db';
import { cancellationCodes } from '../data/retry';
import { type Tx, transact } from '../data/transactions';
import { getUser, userKeys } from '../data/users';
import { logger, userRef } from '../http/log';

/** The user item as the former code left it: PROFILE values in a map. */
type LegacyUser = { id: string; profile_values?: Record<string, string> };

/**
 * Migration: PROFILE values used to be a map on the user item (`profile_values`), which 50 long
 * values could push past DynamoDB's 400 KB. A user's first request after the change moves them to
 * their items (context.ts) in one transaction (at most PROFILE_VALUES_MAX + 1 items), conditioned
 * on the map's size as read, so two requests cannot both move them. Best effort for the request
 * that triggers it: until it succeeds, readers still see the map (profileValuesOf). Afterwards the
 * map is gone from `user` too. Kept apart from context.ts so every route's bundle (http.ts runs it)
 * does without the Context Library's contract.
 */
export async function moveLegacyProfileValues(user: LegacyUser): Promise<void> {
  const legacy = user.profile_values;
  if (legacy === undefined) return;
  const entries = Object.entries(legacy);
  const now = new Date().toISOString();
  try {
    await transact(
      [
        {
          Update: {
            TableName: TABLE,
            Key: userKeys.user(user.id),
            UpdateExpression: 'REMOVE profile_values SET profile_values_used = :n',
            ConditionExpression: 'attribute_exists(pk) AND size(profile_values) = :n',
            ExpressionAttributeValues: { ':n': entries.length },
          },
        },
        ...entries.map(
          ([key, value]): Tx => ({
            Put: { TableName: TABLE, Item: { ...contextKeys.profileValue(user.id, key), type: 'profile_value', key, value, updated_at: now } },
          }),
        ),
      ],
      {},
    );
  } catch (error) {
    // Moved by a concurrent request, or changed meanwhile: the next request tries again.
    if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') {
      logger.warn('profile values not moved', { user: userRef(user.id), error: (error as Error).name });
      return;
    }
  }
  delete user.profile_values;
}

/** The same for a writer that has not read the user (the billing webhook): true when there were values to move. */
export async function moveLegacyProfileValuesOf(userId: string): Promise<boolean> {
  const user = (await getUser(userId)) as LegacyUser | undefined;
  if (user?.profile_values === undefined) return false;
  await moveLegacyProfileValues(user);
  return user.profile_values === undefined;
}
