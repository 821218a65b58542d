import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type LimitKind, limitFor, limitMessage } from '@shared/tiers';
import { ForbiddenError } from '../http/errors';
import { db, TABLE, transactWithRetry } from './db';
import { cancellationCodes } from './retry';
import { COUNTERS, type Key } from './users';
import type { WorkspaceRef } from './workspace';

/** What a plan limit is checked against: the item with the counters and the plan it follows. */
export type LimitHolder = Pick<WorkspaceRef, 'holder' | 'tier'>;

export type Tx = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * The counter increment that guards a plan limit, as a transaction item: it fails its condition
 * when the user is at the limit, so concurrent creates can never pass it together.
 */
export function claimSlot(workspace: LimitHolder, kind: LimitKind): Tx {
  return claimSlots(workspace, { [kind]: 1 });
}

/**
 * Several slots of one or more kinds in one item (a transaction may touch the user item once), for
 * imports: all of them or none, i.e. `used + n <= limit` per kind, written as `used <= limit - n`
 * because conditions have no arithmetic.
 */
export function claimSlots(workspace: LimitHolder, counts: Partial<Record<LimitKind, number>>): Tx {
  const adds: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  Object.entries(counts).forEach(([kind, count], i) => {
    const limit = limitFor(workspace.tier, kind as LimitKind);
    names[`#c${i}`] = COUNTERS[kind as LimitKind];
    values[`:n${i}`] = count;
    adds.push(`#c${i} :n${i}`);
    if (limit === null) return;
    // More than the whole limit never fits: the holder item always exists, so this always fails.
    if (limit - count < 0) conditions.push('attribute_not_exists(pk)');
    else {
      values[`:room${i}`] = limit - count;
      conditions.push(`(attribute_not_exists(#c${i}) OR #c${i} <= :room${i})`);
    }
  });
  return {
    Update: {
      TableName: TABLE,
      Key: workspace.holder,
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export function releaseSlot(holder: Key, kind: LimitKind): Tx {
  return {
    Update: {
      TableName: TABLE,
      Key: holder,
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
    const failed = codes?.indexOf('ConditionalCheckFailed') ?? -1;
    if (failed >= 0 && failures[failed]) throw failures[failed]!();
    throw error;
  }
}

export const limitError = (workspace: LimitHolder, kind: LimitKind) => () => new ForbiddenError(limitMessage(kind, limitFor(workspace.tier, kind) ?? 0));
