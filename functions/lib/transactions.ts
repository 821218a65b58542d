import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type LimitKind, limitFor, limitMessage } from '@shared/tiers';
import { TABLE, cancellationCodes, db, transactWithRetry } from './db';
import { ForbiddenError } from './errors';
import { keys } from './keys';
import { COUNTERS, type UserRecord } from './users';

export type Tx = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * The counter increment that guards a plan limit, as a transaction item: it fails its condition
 * when the user is at the limit, so concurrent creates can never pass it together.
 */
export function claimSlot(user: UserRecord, kind: LimitKind): Tx {
  const limit = limitFor(user.access_tier, kind);
  const counter = COUNTERS[kind];
  return {
    Update: {
      TableName: TABLE,
      Key: keys.user(user.id),
      UpdateExpression: 'ADD #c :one',
      ConditionExpression: limit === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c < :limit)',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':one': 1, ...(limit === null ? {} : { ':limit': limit }) },
    },
  };
}

export function releaseSlot(userId: string, kind: LimitKind): Tx {
  return {
    Update: {
      TableName: TABLE,
      Key: keys.user(userId),
      UpdateExpression: 'ADD #c :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#c': COUNTERS[kind] },
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

/**
 * Runs a transaction and turns failed conditions into the error of the item that failed,
 * e.g. `{0: limit error, 2: category not found}`.
 */
export async function transact(items: Tx[], failures: Record<number, () => Error>): Promise<void> {
  try {
    await transactWithRetry(() => db.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.findIndex((c) => c === 'ConditionalCheckFailed') ?? -1;
    if (failed >= 0 && failures[failed]) throw failures[failed]!();
    throw error;
  }
}

export const limitError = (user: UserRecord, kind: LimitKind) => () => new ForbiddenError(limitMessage(kind, limitFor(user.access_tier, kind) ?? 0));

