import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, db } from '../lib/db';
import { api, noContent } from '../lib/http';
import { keys } from '../lib/keys';

/** POST /auth/logout: ends every token issued to the user so far (the session version moves on). */
export const handler = api('POST /auth/logout', {}, async ({ user }) => {
  await db.send(
    new UpdateCommand({ TableName: TABLE, Key: keys.user(user.id), UpdateExpression: 'ADD session_version :one', ExpressionAttributeValues: { ':one': 1 } }),
  );
  return noContent();
});
