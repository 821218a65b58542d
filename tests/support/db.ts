import { inject } from 'vitest';

/**
 * Direct access to the test stack's DynamoDB Local from a test worker, for arranging state that
 * has no API yet (tiers before billing/admin) and for inspecting what a request wrote.
 * The functions' modules read their configuration on import, so it is set first.
 */
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.TABLE_NAME = 'construct';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const { db, TABLE } = await import('../../functions/lib/db');
const { UpdateCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
export const library = await import('../../functions/lib/library');

export async function setTier(userId: string, tier: 'free' | 'pro' | 'elite') {
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
      UpdateExpression: 'SET access_tier = :t',
      ExpressionAttributeValues: { ':t': tier },
    }),
  );
}

export async function userItem(userId: string) {
  return (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }))).Item;
}

/** Any item by key, read strongly (what a request left behind). */
export async function getItem(key: { pk: string; sk: string }) {
  return (await db.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }))).Item;
}
