import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { UpdateAccountRequest } from '@shared/contract/account';
import { db, TABLE } from '../lib/data/db';
import type { UserRecord } from '../lib/data/users';
import { userKeys } from '../lib/data/users';
import { api, ok } from '../lib/http/http';
import { accountView } from '../lib/use-cases/account-data';

/** PUT /account: first and last name. */
export const handler = api('PUT /account', { body: UpdateAccountRequest }, async ({ body, user }) => {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: userKeys.user(user.id),
      UpdateExpression: 'SET first_name = :f, last_name = :l',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':f': body.first_name, ':l': body.last_name },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return ok(await accountView(Attributes as UserRecord));
});
