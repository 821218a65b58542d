import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Member, Team } from '@shared/contract/teams';
import { teamLimitFor } from '@shared/tiers';
import { batchGet, batchWrite, db, queryAll, queryPages, TABLE } from '../data/db';
import { tokenKeyOfHash } from '../data/one-time-tokens';
import { cancellationCodes } from '../data/retry';
import { shareKey } from '../data/share';
import {
  INVITE_SK,
  MEMBER_SK,
  type MemberRecord,
  membershipsOf,
  TEAM_NOT_FOUND,
  type TeamAccess,
  type TeamRecord,
  type TeamRole,
  teamKeys,
  teamsById,
} from '../data/team';
import { type Tx, transact } from '../data/transactions';
import type { Item, UserRecord } from '../data/users';
import { userKeys } from '../data/users';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';

/**
 * Managing teams (docs/product.md, "Teams"; the items are in docs/data-model.md): create, list,
 * rename, delete, members and their roles. Keys and record types are in team.ts, invitations in
 * team-invites.ts.
 *
 * Every change of who is in a team, or with which role, is one transaction: the member item (its
 * condition pins the role read), its `TEAMOF#` twin, and the team item's counters, whose
 * conditions keep at least one owner (`owners > 1` before an owner goes) and at most the plan's
 * members (`members_used < limit` on accept). Racing requests therefore never leave a team without
 * an owner or over its limit: the loser's condition fails.
 *
 * The team's creator (`billing_owner_id`) pays for it: their plan sets its limits, so they stay an
 * owner until the team is deleted (no demotion, removal or leaving; docs/decisions.md).
 */
export const TEAMS_NEED_PLAN = 'Teams are part of the Pro and Elite plans. Please upgrade your plan to create a team.';
export const MEMBER_NOT_FOUND = 'This person is not a member of the team.';
export const LAST_OWNER = 'A team needs at least one owner. Make another member an owner first.';
export const CREATOR_STAYS = "The team's creator stays an owner: their plan sets the team's limits. Delete the team instead.";
export const MEMBER_CHANGED = 'This member was changed by another request. Please reload and try again.';
export const teamsLimitMessage = (limit: number) => `You have reached your limit of ${limit} teams. Please upgrade your plan.`;

const teamView = (team: Pick<TeamRecord, 'id' | 'name'>, role: TeamRole): Team => ({ id: team.id, name: team.name, role });

// ---- teams ---------------------------------------------------------------------------------------

/** The member item and its twin in the member's partition, written together. */
export function memberPuts(teamId: string, userId: string, role: TeamRole, memberCondition?: string): Tx[] {
  return [
    {
      Put: {
        TableName: TABLE,
        Item: { ...teamKeys.member(teamId, userId), type: 'team_member', team_id: teamId, user_id: userId, role, joined_at: new Date().toISOString() },
        ...(memberCondition ? { ConditionExpression: memberCondition } : {}),
      },
    },
    { Put: { TableName: TABLE, Item: { ...teamKeys.membership(userId, teamId), type: 'team_membership', team_id: teamId, role } } },
  ];
}

/**
 * POST /teams: the team, its creator as owner, and a slot of the creator's `max_teams` (the user
 * item's `teams_used`, conditioned on the limit and on the tier read) in one transaction.
 */
export async function createTeam(user: UserRecord, name: string): Promise<Team> {
  const limit = teamLimitFor(user.access_tier, 'max_teams');
  if (limit === 0) throw new ForbiddenError(TEAMS_NEED_PLAN);
  const id = randomUUID();
  const team: TeamRecord = {
    id,
    name,
    created_at: new Date().toISOString(),
    billing_owner_id: user.id,
    tier: user.access_tier,
    owners: 1,
    members_used: 1,
    prompts_used: 0,
    categories_used: 0,
    snippets_used: 0,
  };
  await transact(
    [
      {
        Update: {
          TableName: TABLE,
          Key: userKeys.user(user.id),
          UpdateExpression: 'ADD teams_used :one',
          ConditionExpression: 'attribute_exists(pk) AND access_tier = :tier AND (attribute_not_exists(teams_used) OR teams_used < :max)',
          ExpressionAttributeValues: { ':one': 1, ':tier': user.access_tier, ':max': limit },
        },
      },
      { Put: { TableName: TABLE, Item: { ...teamKeys.team(id), type: 'team', ...team }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...memberPuts(id, user.id, 'owner'),
    ],
    { 0: () => new ForbiddenError(teamsLimitMessage(limit)) },
  );
  return teamView(team, 'owner');
}

/** GET /teams: the caller's teams (their twins, then the team items for the names), by name. */
export async function listTeams(userId: string): Promise<Team[]> {
  const memberships = await membershipsOf(userId);
  const teams = await teamsById(memberships.map((m) => m.team_id));
  // A twin whose team is gone (a deletion that stopped half way) names nothing: it is left out.
  return memberships
    .filter((m) => teams.has(m.team_id))
    .map((m) => teamView(teams.get(m.team_id)!, m.role))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** PUT /teams/{id} (owners). */
export async function renameTeam({ team }: TeamAccess, name: string): Promise<Team> {
  await transact(
    [
      {
        Update: {
          TableName: TABLE,
          Key: teamKeys.team(team.id),
          UpdateExpression: 'SET #n = :name',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#n': 'name' },
          ExpressionAttributeValues: { ':name': name },
        },
      },
    ],
    { 0: () => new NotFoundError(TEAM_NOT_FOUND) },
  );
  return teamView({ id: team.id, name }, 'owner');
}

/**
 * DELETE /teams/{id} (owners), and account deletion for teams the user is alone in. The team item
 * goes first, with the creator's `teams_used` slot: from then on no request can use the team
 * (every team write conditions on the team item, every member request reads it). Then the
 * partition, page by page, with what its items name outside it: each member's `TEAMOF#` twin, each
 * invitation's token, each shared prompt's `SHARE#` link; repeated until a pass finds nothing, so a
 * write in flight during the first pass goes too.
 */
export async function deleteTeam(team: TeamRecord): Promise<void> {
  const remove: Tx = { Delete: { TableName: TABLE, Key: teamKeys.team(team.id), ConditionExpression: 'attribute_exists(pk)' } };
  const release: Tx = {
    Update: {
      TableName: TABLE,
      Key: userKeys.user(team.billing_owner_id),
      UpdateExpression: 'ADD teams_used :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
  try {
    await transact([remove, release], { 0: () => new NotFoundError(TEAM_NOT_FOUND) });
  } catch (error) {
    // The creator's account is gone (only while their own deletion removes the team): no slot to free.
    if (cancellationCodes(error)?.[1] !== 'ConditionalCheckFailed') throw error;
    await transact([remove], { 0: () => new NotFoundError(TEAM_NOT_FOUND) });
  }
  for (let pass = 0, found = 1; pass < 5 && found > 0; pass++) found = await deleteTeamPartition(team.id);
}

/** One pass over the team's partition: deletes every item and what it names outside; answers how many there were. */
async function deleteTeamPartition(teamId: string): Promise<number> {
  let deleted = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': teamKeys.workspace(teamId) },
    ProjectionExpression: 'pk, sk, user_id, share_token, token_hash',
    ConsistentRead: true,
  });
  for await (const found of pages) {
    const outside = found.flatMap((item) => {
      const sk = String(item.sk);
      if (sk.startsWith(MEMBER_SK) && item.user_id) return [teamKeys.membership(String(item.user_id), teamId)];
      if (sk.startsWith(INVITE_SK) && item.token_hash) return [tokenKeyOfHash(String(item.token_hash))];
      if (item.share_token) return [shareKey(String(item.share_token))];
      return [];
    });
    // Outside items first: if this stops half way, what names them is still there for the next pass.
    await batchWrite(outside.map((Key) => ({ DeleteRequest: { Key } })));
    await batchWrite(found.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
    deleted += found.length;
  }
  return deleted;
}

// ---- members -------------------------------------------------------------------------------------

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, editor: 1, viewer: 2 };

async function memberItems(teamId: string): Promise<MemberRecord[]> {
  return (await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': teamKeys.workspace(teamId), ':prefix': MEMBER_SK },
    ConsistentRead: true,
  })) as unknown as MemberRecord[];
}

type Person = Pick<UserRecord, 'id' | 'email' | 'first_name' | 'last_name'>;
const PERSON = 'id, email, first_name, last_name';
const memberView = (member: Pick<MemberRecord, 'user_id' | 'role'>, person: Person | undefined): Member => ({
  user_id: member.user_id,
  email: person?.email ?? '',
  name: person ? `${person.first_name} ${person.last_name}`.trim() : '',
  role: member.role,
});

/** GET /teams/{id}/members (any member): each with the person's current email and name, owners first. */
export async function listMembers({ team }: TeamAccess): Promise<Member[]> {
  const members = await memberItems(team.id);
  const people = new Map<string, Person>();
  for (let i = 0; i < members.length; i += 100) {
    const found = await batchGet(
      members.slice(i, i + 100).map((m) => userKeys.user(m.user_id)),
      { projection: PERSON },
    );
    for (const person of found as unknown as Person[]) people.set(person.id, person);
  }
  return members
    .map((m) => memberView(m, people.get(m.user_id)))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

async function memberOf(teamId: string, userId: string): Promise<MemberRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: teamKeys.member(teamId, userId), ConsistentRead: true }));
  if (!Item) throw new NotFoundError(MEMBER_NOT_FOUND);
  return Item as MemberRecord;
}

async function personOf(userId: string): Promise<Person | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: userKeys.user(userId), ProjectionExpression: PERSON }));
  return Item as Person | undefined;
}

/** The team item's counters as a member with `role` leaves or changes role; `owners > 1` whenever an owner goes. */
function teamCounters(teamId: string, change: { members?: -1; owners?: 1 | -1 }): Tx {
  const adds = [...(change.members ? ['members_used :m'] : []), ...(change.owners ? ['owners :o'] : [])];
  return {
    Update: {
      TableName: TABLE,
      Key: teamKeys.team(teamId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: change.owners === -1 ? 'attribute_exists(pk) AND owners > :one' : 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ...(change.members ? { ':m': change.members } : {}),
        ...(change.owners ? { ':o': change.owners } : {}),
        ...(change.owners === -1 ? { ':one': 1 } : {}),
      },
    },
  };
}

const ownersFailure = (change: { owners?: 1 | -1 }) => () => (change.owners === -1 ? new ConflictError(LAST_OWNER) : new NotFoundError(TEAM_NOT_FOUND));

/** PUT /teams/{id}/members/{user_id} (owners): the member item, its twin and the owner count together. */
export async function changeRole({ team }: TeamAccess, userId: string, role: TeamRole): Promise<Member> {
  const target = await memberOf(team.id, userId);
  if (userId === team.billing_owner_id && role !== 'owner') throw new ConflictError(CREATOR_STAYS);
  if (target.role !== role) {
    const owners = target.role === 'owner' ? -1 : role === 'owner' ? 1 : undefined;
    const counters = owners ? teamCounters(team.id, { owners }) : teamExists(team.id);
    await transact(
      [
        {
          Update: {
            TableName: TABLE,
            Key: teamKeys.member(team.id, userId),
            UpdateExpression: 'SET #r = :role',
            ConditionExpression: '#r = :was',
            ExpressionAttributeNames: { '#r': 'role' },
            ExpressionAttributeValues: { ':role': role, ':was': target.role },
          },
        },
        { Put: { TableName: TABLE, Item: { ...teamKeys.membership(userId, team.id), type: 'team_membership', team_id: team.id, role } } },
        counters,
      ],
      { 0: () => new ConflictError(MEMBER_CHANGED), 2: ownersFailure({ owners }) },
    );
  }
  return memberView({ user_id: userId, role }, await personOf(userId));
}

const teamExists = (teamId: string): Tx => ({
  ConditionCheck: { TableName: TABLE, Key: teamKeys.team(teamId), ConditionExpression: 'attribute_exists(pk)' },
});

/**
 * DELETE /teams/{id}/members/{user_id}: an owner removes anyone, any member removes themselves
 * (leaves). The member item (conditioned on the role read), its twin and the counters together.
 */
export async function removeMember({ team, member: caller }: TeamAccess, userId: string): Promise<void> {
  if (userId !== caller.user_id && caller.role !== 'owner') throw new ForbiddenError('Only an owner of the team can remove other members.');
  const target = userId === caller.user_id ? caller : await memberOf(team.id, userId);
  if (userId === team.billing_owner_id) throw new ConflictError(userId === caller.user_id ? CREATOR_CANNOT_LEAVE : CREATOR_STAYS);
  await leave(team.id, target);
}

export const CREATOR_CANNOT_LEAVE = 'You created this team and your plan sets its limits, so you cannot leave it. Delete the team instead.';

/** The removal transaction itself (also account deletion's, for teams others stay in). */
async function leave(teamId: string, member: MemberRecord): Promise<void> {
  const change = { members: -1 as const, ...(member.role === 'owner' ? { owners: -1 as const } : {}) };
  await transact(
    [
      {
        Delete: {
          TableName: TABLE,
          Key: teamKeys.member(teamId, member.user_id),
          ConditionExpression: '#r = :was',
          ExpressionAttributeNames: { '#r': 'role' },
          ExpressionAttributeValues: { ':was': member.role },
        },
      },
      { Delete: { TableName: TABLE, Key: teamKeys.membership(member.user_id, teamId) } },
      teamCounters(teamId, change),
    ],
    { 0: () => new ConflictError(MEMBER_CHANGED), 2: ownersFailure(change) },
  );
}

// ---- account deletion ----------------------------------------------------------------------------

interface TeamPlan {
  team: TeamRecord;
  me: MemberRecord;
  others: MemberRecord[];
}

async function teamPlans(user: UserRecord): Promise<TeamPlan[]> {
  const memberships = await membershipsOf(user.id);
  const teams = await teamsById(memberships.map((m) => m.team_id));
  const plans: TeamPlan[] = [];
  for (const team of teams.values()) {
    const members = await memberItems(team.id);
    const me = members.find((m) => m.user_id === user.id);
    if (me) plans.push({ team, me, others: members.filter((m) => m.user_id !== user.id) });
  }
  return plans;
}

/**
 * Before an account is deleted (account-data.ts BEFORE_DELETE, ahead of the subscription's
 * cancellation): refused with 409 while a team with other members needs the person, as its creator
 * or as its only owner. They hand it over or delete it first.
 */
export async function refuseWhileTeamsNeedUser(user: UserRecord): Promise<void> {
  for (const { team, me, others } of await teamPlans(user)) {
    if (others.length === 0) continue;
    if (team.billing_owner_id === user.id) {
      throw new ConflictError(`You created the team "${team.name}", which has other members: delete the team first.`);
    }
    if (me.role === 'owner' && !others.some((m) => m.role === 'owner')) {
      throw new ConflictError(`You are the only owner of the team "${team.name}": make another member an owner, or delete the team, first.`);
    }
  }
}

/** Then, as the account goes: teams the person alone is in are deleted, their other memberships removed. */
export async function leaveTeamsOfDeletedUser(user: UserRecord): Promise<void> {
  for (const { team, me, others } of await teamPlans(user)) {
    if (others.length === 0) await deleteTeam(team);
    else await leave(team.id, me);
  }
}
