import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, TABLE } from '../lib/data/db';
import { api, ok } from '../lib/http/http';

/**
 * Health for load balancers and `npm start`: 200 once the function can serve AND storage answers.
 * The check is one eventually consistent GetItem of a key that exists nowhere (half a read unit),
 * random so health checks never pile onto one partition. A storage fault answers 503 `{detail}`
 * through the usual error mapping (lib/http.ts).
 */
export const handler = api('GET /health', {}, async () => {
  await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `HEALTH#${randomUUID()}`, sk: 'HEALTH' }, ProjectionExpression: 'pk' }));
  return ok({ status: 'ok' });
});
