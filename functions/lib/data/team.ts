import type { LimitKind, Tier } from '@shared/tiers';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { batchGet, beginsWith, getItem, type Item } from './db';
import { type PreloadInput, personalPk, teamPk } from './keys';
import { cappedCount, slotClaims, slotRelease } from './limits';
import { conditionFailed } from './retry';
import { type Part, write } from './transactions';

/**
 * Team workspaces (docs/data-model.md, "Teams"). A team's workspace is its own partition
 * `TEAM#<id>`, laid out as a user's (prompts, categories, snippets, their claims, versions), so
 * one Query loads it. The team item in it holds the plan counters, the directives and the tier its
 * limits follow; one member item per person holds their role, with a twin in the person's own
 * partition so "my teams" is one Query there. The authenticating BatchGet reads the caller's
 * member item and the team item with the user: no extra round trip, and a removed member is
 * refused on their next request. This module is the only writer of the team, member and twin
 * items (`teamParts` for other modules' transactions); invitations are team-invites.ts.
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
export const LAST_OWNER = 'A team needs at least one owner. Make another member an owner first.';
export const MEMBER_CHANGED = 'This member was changed by another request. Please reload and try again.';

export interface TeamAccess {
  /** The team item as read (its counters and directives too). */
  team: TeamRecord & Item;
  member: MemberRecord;
}

const TEAM_SK = 'TEAM';
/** Sort-key prefixes of the team partition's member and invitation items. */
export const MEMBER_SK = 'MEMBER#';
export const INVITE_SK = 'INVITE#';
/** The twin of a membership in the member's own partition (sorts below VERSION#, so it is part of the personal workspace read). */
const MEMBERSHIP_SK = 'TEAMOF#';

export const teamKeys = {
  team: (teamId: string) => ({ pk: teamPk(teamId) as string, sk: TEAM_SK }),
  member: (teamId: string, userId: string) => ({ pk: teamPk(teamId) as string, sk: `${MEMBER_SK}${userId}` }),
  invite: (teamId: string, inviteId: string) => ({ pk: teamPk(teamId) as string, sk: `${INVITE_SK}${inviteId}` }),
  membership: (userId: string, teamId: string) => ({ pk: personalPk(userId) as string, sk: `${MEMBERSHIP_SK}${teamId}` }),
};

/** The team and the caller's member item, read in the authenticating BatchGet (http/authenticate.ts `preload`). */
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

/** The caller's teams: their `TEAMOF#` twins (one Query on their own partition), `team_id` and `role` each. */
export async function membershipsOf(userId: string): Promise<{ team_id: string; role: TeamRole }[]> {
  const items = await beginsWith(personalPk(userId), MEMBERSHIP_SK, {
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

/** Access pattern: a team's member items (one Query on its MEMBER# range, strong). */
export async function memberItems(teamId: string): Promise<MemberRecord[]> {
  return (await beginsWith(teamPk(teamId), MEMBER_SK, { ConsistentRead: true })) as unknown as MemberRecord[];
}

/** One member item (strong); 404 with `notFound` when the person is not in the team. */
export async function memberOf(teamId: string, userId: string, notFound: string): Promise<MemberRecord> {
  const item = await getItem(teamKeys.member(teamId, userId), { consistent: true });
  if (!item) throw new NotFoundError(notFound);
  return item as unknown as MemberRecord;
}

/** Whether the person is a member (a strong, projected read). */
export async function isMember(teamId: string, userId: string): Promise<boolean> {
  return Boolean(await getItem(teamKeys.member(teamId, userId), { projection: 'pk', consistent: true }));
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
      write(
        teamUpdate(team.id, {
          UpdateExpression: 'SET tier = :tier',
          ConditionExpression: 'attribute_exists(pk) AND billing_owner_id = :owner',
          ExpressionAttributeValues: { ':tier': tier, ':owner': userId },
        }),
      ).catch((error: unknown) => {
        if (!conditionFailed(error)) throw error;
      }),
    ),
  );
}

type Update = Extract<Part, { update: unknown }>['update'];
const teamUpdate = (teamId: string, update: Omit<Update, 'Key'>): Extract<Part, { update: unknown }> => ({ update: { Key: teamKeys.team(teamId), ...update } });
const roleIs = (role: TeamRole) => ({
  ConditionExpression: '#r = :was',
  ExpressionAttributeNames: { '#r': 'role' },
  ExpressionAttributeValues: { ':was': role },
});

/** The writes of the team, member and twin items, for transactions. */
export const teamParts = {
  /** A new team item. */
  create: (team: TeamRecord): Part => ({
    put: { Item: { ...teamKeys.team(team.id), type: 'team', ...team }, ConditionExpression: 'attribute_not_exists(pk)' },
  }),
  /** The team exists (every team write conditions on it). */
  exists: (teamId: string): Part => ({ check: { Key: teamKeys.team(teamId), ConditionExpression: 'attribute_exists(pk)' } }),
  rename: (teamId: string, name: string) =>
    teamUpdate(teamId, {
      UpdateExpression: 'SET #n = :name',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: { ':name': name },
    }),
  remove: (teamId: string): Part => ({ delete: { Key: teamKeys.team(teamId), ConditionExpression: 'attribute_exists(pk)' } }),

  /** The member item and its twin in the member's partition, written together (`memberCondition` on the member item). */
  join: (teamId: string, userId: string, role: TeamRole, memberCondition?: string): [Part, Part] => [
    {
      put: {
        Item: { ...teamKeys.member(teamId, userId), type: 'team_member', team_id: teamId, user_id: userId, role, joined_at: new Date().toISOString() },
        ...(memberCondition ? { ConditionExpression: memberCondition } : {}),
      },
    },
    { put: { Item: { ...teamKeys.membership(userId, teamId), type: 'team_membership', team_id: teamId, role } } },
  ],
  /** A member's new role: the member item (conditioned on the role read) and its twin; fails with MEMBER_CHANGED. */
  changeRole: (teamId: string, member: Pick<MemberRecord, 'user_id' | 'role'>, role: TeamRole): [Part, Part] => [
    {
      update: {
        Key: teamKeys.member(teamId, member.user_id),
        UpdateExpression: 'SET #r = :role',
        ...roleIs(member.role),
        ExpressionAttributeValues: { ':role': role, ':was': member.role },
      },
      onFail: () => new ConflictError(MEMBER_CHANGED),
    },
    { put: { Item: { ...teamKeys.membership(member.user_id, teamId), type: 'team_membership', team_id: teamId, role } } },
  ],
  /** A member leaves: the member item (conditioned on the role read; fails with MEMBER_CHANGED) and its twin. */
  leave: (teamId: string, member: Pick<MemberRecord, 'user_id' | 'role'>): [Part, Part] => [
    { delete: { Key: teamKeys.member(teamId, member.user_id), ...roleIs(member.role) }, onFail: () => new ConflictError(MEMBER_CHANGED) },
    { delete: { Key: teamKeys.membership(member.user_id, teamId) } },
  ],

  /** The member and owner counts as a member leaves or changes role; `owners > 1` whenever an owner goes (LAST_OWNER). */
  counters: (teamId: string, change: { members?: -1; owners?: 1 | -1 }): Part => {
    const adds = [...(change.members ? ['members_used :m'] : []), ...(change.owners ? ['owners :o'] : [])];
    return {
      ...teamUpdate(teamId, {
        UpdateExpression: `ADD ${adds.join(', ')}`,
        ConditionExpression: change.owners === -1 ? 'attribute_exists(pk) AND owners > :one' : 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ...(change.members ? { ':m': change.members } : {}),
          ...(change.owners ? { ':o': change.owners } : {}),
          ...(change.owners === -1 ? { ':one': 1 } : {}),
        },
      }),
      onFail: () => (change.owners === -1 ? new ConflictError(LAST_OWNER) : new NotFoundError(TEAM_NOT_FOUND)),
    };
  },
  /** A member slot on accepting an invitation: `members_used < limit` of the tier read (a tier change meanwhile fails it too). */
  claimMember: (team: Pick<TeamRecord, 'id' | 'tier'>, limit: number) =>
    teamUpdate(team.id, {
      UpdateExpression: 'ADD members_used :one',
      ConditionExpression: 'attribute_exists(pk) AND tier = :tier AND members_used < :limit',
      ExpressionAttributeValues: { ':one': 1, ':tier': team.tier, ':limit': limit },
    }),

  /** The team workspace's directives. */
  setDirectives: (teamId: string, prefix: string, suffix: string) =>
    teamUpdate(teamId, {
      UpdateExpression: 'SET global_prompt_prefix = :p, global_prompt_suffix = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': prefix, ':s': suffix },
    }),
  /** Plan slots of the team workspace (limits.ts). */
  claimSlots: (teamId: string, tier: Tier, counts: Partial<Record<LimitKind, number>>) => teamUpdate(teamId, slotClaims(tier, counts)),
  releaseSlot: (teamId: string, kind: LimitKind) => teamUpdate(teamId, slotRelease(kind)),
  /** The team workspace's model connections (connections.ts): an increment fails at `max`. */
  countConnections: (teamId: string, delta: 1 | -1, max?: number) => teamUpdate(teamId, cappedCount('connections_used', delta, max)),
  countWebhooks: (teamId: string, delta: 1 | -1, max?: number) => teamUpdate(teamId, cappedCount('webhooks_used', delta, max)),
};
