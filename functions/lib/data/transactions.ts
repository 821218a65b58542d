import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, TABLE, transactWithRetry } from './db';
import { cancellationCodes, conditionFailed } from './retry';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
type Without<T> = Omit<NonNullable<T>, 'TableName'>;

/**
 * One write of a transaction, as the entity module that owns the item builds it (the table is
 * added when it is sent). `onFail` names what its failed condition means to the caller: the
 * failure is reported by the part that failed, never by its position in the list.
 */
export type Part = (
  | { put: Without<TransactItem['Put']> }
  | { update: Without<TransactItem['Update']> }
  | { delete: Without<TransactItem['Delete']> }
  | { check: Without<TransactItem['ConditionCheck']> }
) & { onFail?: () => Error };

/** A part that is a write of its own (a condition check is only part of a transaction). */
export type WritePart = Exclude<Part, { check: unknown }>;

/** The same part with what its failed condition means. */
export const failing = <P extends Part>(part: P, onFail: () => Error): P => ({ ...part, onFail });

function toItem(part: Part): TransactItem {
  if ('put' in part) return { Put: { TableName: TABLE, ...part.put } };
  if ('update' in part) return { Update: { TableName: TABLE, ...part.update } };
  if ('delete' in part) return { Delete: { TableName: TABLE, ...part.delete } };
  return { ConditionCheck: { TableName: TABLE, ...part.check } };
}

/**
 * Runs the parts as one transaction, retried while it loses to a concurrent one; a failed
 * condition throws the `onFail` error of the first part that failed (the SDK's error when that
 * part has none).
 */
export async function transact(parts: Part[]): Promise<void> {
  try {
    await transactWithRetry(() => db.send(new TransactWriteCommand({ TransactItems: parts.map(toItem) })));
  } catch (error) {
    const failed = cancellationCodes(error)?.indexOf('ConditionalCheckFailed') ?? -1;
    const onFail = failed >= 0 ? parts[failed]?.onFail : undefined;
    if (onFail) throw onFail();
    throw error;
  }
}

/** One part sent alone (PutItem, UpdateItem or DeleteItem): its failed condition throws its `onFail` error. */
export async function write(part: WritePart): Promise<Record<string, unknown> | undefined> {
  try {
    if ('put' in part) return (await db.send(new PutCommand({ TableName: TABLE, ...part.put }))).Attributes;
    if ('update' in part) return (await db.send(new UpdateCommand({ TableName: TABLE, ...part.update }))).Attributes;
    return (await db.send(new DeleteCommand({ TableName: TABLE, ...part.delete }))).Attributes;
  } catch (error) {
    if (part.onFail && conditionFailed(error)) throw part.onFail();
    throw error;
  }
}
