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

export const { db, TABLE } = await import('../../functions/lib/data/db');
const { UpdateCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
/** The library's reads and the curation that rebuilds the snapshot after each write. */
export const library = { ...(await import('../../functions/lib/data/library')), ...(await import('../../functions/lib/use-cases/library-curation')) };

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

/**
 * A team with its members, written as the team routes write them (docs/data-model.md, "team",
 * "team member", "team membership"): for tests of the team workspace itself.
 */
export async function seedTeam(name: string, tier: 'free' | 'pro' | 'elite', members: { id: string; role: 'owner' | 'editor' | 'viewer' }[]) {
  const { randomUUID } = await import('node:crypto');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { teamKeys } = await import('../../functions/lib/data/team');
  const id = randomUUID();
  const now = new Date().toISOString();
  const owners = members.filter((m) => m.role === 'owner');
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: TABLE, Item }));
  await put({
    ...teamKeys.team(id),
    type: 'team',
    id,
    name,
    created_at: now,
    billing_owner_id: owners[0]!.id,
    tier,
    owners: owners.length,
    members_used: members.length,
  });
  for (const m of members) {
    await put({ ...teamKeys.member(id, m.id), type: 'team_member', team_id: id, user_id: m.id, role: m.role, joined_at: now });
    await put({ ...teamKeys.membership(m.id, id), type: 'team_membership', team_id: id, role: m.role });
  }
  return id;
}

/** Removes a member as the team routes do (member item and twin). */
export async function dropMember(teamId: string, userId: string) {
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { teamKeys } = await import('../../functions/lib/data/team');
  await db.send(new DeleteCommand({ TableName: TABLE, Key: teamKeys.member(teamId, userId) }));
  await db.send(new DeleteCommand({ TableName: TABLE, Key: teamKeys.membership(userId, teamId) }));
}
