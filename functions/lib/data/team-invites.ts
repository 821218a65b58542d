import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, beginsWith, db, TABLE } from './db';
import { teamPk } from './keys';
import { INVITE_SK, teamKeys } from './team';
import type { Part } from './transactions';

/**
 * Team invitations (`TEAM#<id>` / `INVITE#<invite id>`, docs/data-model.md): the team partition's
 * record of a link sent, with its token's hash, so owners list and revoke invitations and deleting
 * the team deletes their tokens. The link's token itself is a one-time token (one-time-tokens.ts).
 */
export interface InviteItem {
  id: string;
  team_id: string;
  email: string;
  role: 'editor' | 'viewer';
  invited_by: string;
  /** Epoch seconds: the link works until then (as its token's). */
  valid_until: number;
  token_hash: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Access pattern: the team's invitations whose link still works (one Query on the INVITE# range, strong). */
export async function openInvites(teamId: string): Promise<InviteItem[]> {
  return (await beginsWith(teamPk(teamId), INVITE_SK, {
    FilterExpression: 'valid_until > :now',
    ExpressionAttributeValues: { ':now': nowSeconds() },
    ConsistentRead: true,
  })) as unknown as InviteItem[];
}

/** How many of the team's invitations still work (one Query, counted by DynamoDB). */
export async function countOpenInvites(teamId: string): Promise<number> {
  const { Count } = await db.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'valid_until > :now',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':prefix': INVITE_SK, ':now': nowSeconds() },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}

/** One invitation (strong); undefined when it is gone. */
export async function getInvite(teamId: string, inviteId: string): Promise<InviteItem | undefined> {
  const [item] = await batchGet([teamKeys.invite(teamId, inviteId)], { consistent: true });
  return item as unknown as InviteItem | undefined;
}

export const inviteParts = {
  /** A new invitation; gone by TTL (`expiresAt`) with its token, a week after it stopped working. */
  create: (invite: InviteItem, expiresAt: number): Part => ({
    put: { Item: { ...teamKeys.invite(invite.team_id, invite.id), type: 'team_invite', ...invite, expires_at: expiresAt } },
  }),
  /** The invitation goes (revoked or accepted); it must still be there. */
  remove: (teamId: string, inviteId: string): Part => ({ delete: { Key: teamKeys.invite(teamId, inviteId), ConditionExpression: 'attribute_exists(pk)' } }),
};
