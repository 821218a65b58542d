import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tier } from '@shared/tiers';
import { ForbiddenError, NotFoundError } from '../http/errors';
import type { PreloadInput } from '../http/http';
import { batchGet, db, queryAll, TABLE } from './db';
import { conditionFailed } from './retry';
import type { Item } from './users';

/**
 * Team workspaces (docs/data-model.md, "Teams"). A team's workspace is its own partition
 * `TEAM#<id>`, laid out as a user's (prompts, categories, snippets, their claims, versions), so
 * one Query loads it. The team item in it holds the plan counters, the directives and the tier its
 * limits follow; one member item per person holds their role, with a twin in the person's own
 * partition so "my teams" is one Query there. The authenticating BatchGet reads the caller's
 * member item and the team item with the user: no extra round trip, and a removed member is
 * refused on their next request.
 */
export const TEAM_ROLES = ['owner', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The team item as stored (`TEAM#<id>` / `TEAM`). */
export interface TeamRecord {
  id: string;
  name: string;
  created_at: string;
  /** The owner whose plan the team's limits follow (its creator); `tier` is kept in step with theirs. */
  billing_owner_id: string;
  tier: Tier;
  /** How many members are owners: a change that would leave none fails its condition. */
  owners: number;
  /** How many members (owners included), limited by the plan. */
  members_used: number;
  prompts_used?: number;
  categories_used?: number;
  snippets_used?: number;
  global_prompt_prefix?: string;
  global_prompt_suffix?: string;
}

/** A member item (`TEAM#<id>` / `MEMBER#<user id>`). */
export interface MemberRecord {
  team_id: string;
  user_id: string;
  role: TeamRole;
  joined_at: string;
}

export const TEAM_NOT_FOUND = 'Team not found.';
export const VIEWER_REFUSED = 'Viewers of this team can read, copy and run its prompts, not change them. Ask an owner for editor access.';
export const OWNERS_ONLY = 'Only an owner of the team can do this.';

export interface TeamAccess {
  /** The team item as read (its counters and directives too). */
  team: TeamRecord & Item;
  member: MemberRecord;
}

/** The team and the caller's member item, read in the authenticating BatchGet (http.ts `preload`). */
export const teamPreload = {
  team: ({ params }: PreloadInput<'id'>) => teamKeys.team(params.id),
  member: ({ params, userId }: PreloadInput<'id'>) => teamKeys.member(params.id, userId),
};

/** What an action asks of the caller's role: any member, one who may change the team's content, or an owner. */
export type TeamNeed = 'read' | 'write' | 'owner';

/**
 * The caller's access to a team, from the team item and their member item as read with the
 * request (the authenticating BatchGet): 404 when either is missing (not a member and no such
 * team get one answer), 403 when their role is below what the action needs. The one check behind
 * `?workspace=` and the team management routes.
 */
export function teamAccess(items: { team?: Item; member?: Item }, need: TeamNeed): TeamAccess {
  if (!items.team || !items.member) throw new NotFoundError(TEAM_NOT_FOUND);
  const access = { team: items.team as TeamRecord & Item, member: items.member as unknown as MemberRecord };
  if (need === 'write' && access.member.role === 'viewer') throw new ForbiddenError(VIEWER_REFUSED);
  if (need === 'owner' && access.member.role !== 'owner') throw new ForbiddenError(OWNERS_ONLY);
  return access;
}

export const TEAM_SK = 'TEAM';
export const MEMBER_SK = 'MEMBER#';
export const INVITE_SK = 'INVITE#';
/** The twin of a membership in the member's own partition (sorts below VERSION#, so it is part of the personal workspace read). */
export const MEMBERSHIP_SK = 'TEAMOF#';

export const teamKeys = {
  workspace: (teamId: string) => `TEAM#${teamId}`,
  team: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: TEAM_SK }),
  member: (teamId: string, userId: string) => ({ pk: `TEAM#${teamId}`, sk: `${MEMBER_SK}${userId}` }),
  invite: (teamId: string, inviteId: string) => ({ pk: `TEAM#${teamId}`, sk: `${INVITE_SK}${inviteId}` }),
  membership: (userId: string, teamId: string) => ({ pk: `USER#${userId}`, sk: `${MEMBERSHIP_SK}${teamId}` }),
};

/** The caller's teams: their `TEAMOF#` twins (one Query on their own partition), `team_id` and `role` each. */
export async function membershipsOf(userId: string): Promise<{ team_id: string; role: TeamRole }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': MEMBERSHIP_SK },
    ProjectionExpression: 'team_id, #r',
    ExpressionAttributeNames: { '#r': 'role' },
    ConsistentRead: true,
  });
  return items as unknown as { team_id: string; role: TeamRole }[];
}

/** Team items by id, 100 keys per BatchGet; teams that are gone are simply absent. */
export async function teamsById(teamIds: string[]): Promise<Map<string, TeamRecord>> {
  const found = new Map<string, TeamRecord>();
  for (let i = 0; i < teamIds.length; i += 100) {
    const items = await batchGet(teamIds.slice(i, i + 100).map(teamKeys.team), { consistent: true });
    for (const item of items as unknown as TeamRecord[]) found.set(item.id, item);
  }
  return found;
}

/**
 * Keeps the `tier` of the teams a user created in step with theirs (their plan sets the team's
 * limits): called after every change of a user's tier (billing webhook, admin update). Each team is
 * one conditional write, so a team deleted meanwhile is not brought back.
 */
export async function syncTeamTiers(userId: string, tier: Tier): Promise<void> {
  const teams = await teamsById((await membershipsOf(userId)).filter((m) => m.role === 'owner').map((m) => m.team_id));
  const created = [...teams.values()].filter((t) => t.billing_owner_id === userId && t.tier !== tier);
  await Promise.all(
    created.map((team) =>
      db
        .send(
          new UpdateCommand({
            TableName: TABLE,
            Key: teamKeys.team(team.id),
            UpdateExpression: 'SET tier = :tier',
            ConditionExpression: 'attribute_exists(pk) AND billing_owner_id = :owner',
            ExpressionAttributeValues: { ':tier': tier, ':owner': userId },
          }),
        )
        .catch((error: unknown) => {
          if (!conditionFailed(error)) throw error;
        }),
    ),
  );
}
