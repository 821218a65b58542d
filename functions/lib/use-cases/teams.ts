import { randomUUID } from 'node:crypto';
import type { Member, Team } from '@shared/contract/teams';
import { teamLimitFor } from '@shared/tiers';
import { evaluationIdsIn } from '../data/evaluations';
import { teamPk } from '../data/keys';
import { tokenKeyOfHash } from '../data/one-time-tokens';
import { deletePartition } from '../data/partitions';
import { shareKey } from '../data/share';
import {
  INVITE_SK,
  MEMBER_SK,
  type MemberRecord,
  memberItems,
  memberOf,
  membershipsOf,
  TEAM_NOT_FOUND,
  type TeamAccess,
  type TeamRecord,
  type TeamRole,
  teamKeys,
  teamParts,
  teamsById,
} from '../data/team';
import { failing, transact } from '../data/transactions';
import { getPerson, type Person, peopleById, type UserRecord, userParts } from '../data/users';
import { webhookOutside } from '../data/webhooks';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { cleanUpEvaluations } from './evaluations';

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
export const CREATOR_STAYS = "The team's creator stays an owner: their plan sets the team's limits. Delete the team instead.";
export const teamsLimitMessage = (limit: number) => `You have reached your limit of ${limit} teams. Please upgrade your plan.`;

const teamView = (team: Pick<TeamRecord, 'id' | 'name'>, role: TeamRole): Team => ({ id: team.id, name: team.name, role });

// ---- teams ---------------------------------------------------------------------------------------

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
  await transact([
    failing(userParts.claimTeam(user, limit), () => new ForbiddenError(teamsLimitMessage(limit))),
    teamParts.create(team),
    ...teamParts.join(id, user.id, 'owner'),
  ]);
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
  await transact([failing(teamParts.rename(team.id, name), () => new NotFoundError(TEAM_NOT_FOUND))]);
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
  const remove = failing(teamParts.remove(team.id), () => new NotFoundError(TEAM_NOT_FOUND));
  const creatorGone = new Error('the creator is gone');
  try {
    await transact([remove, failing(userParts.releaseTeam(team.billing_owner_id), () => creatorGone)]);
  } catch (error) {
    // The creator's account is gone (only while their own deletion removes the team): no slot to free.
    if (error !== creatorGone) throw error;
    await transact([remove]);
  }
  const evaluations = await evaluationIdsIn(teamPk(team.id));
  for (let pass = 0, found = 1; pass < 5 && found > 0; pass++) found = await deleteTeamPartition(team.id);
  await cleanUpEvaluations(teamPk(team.id), evaluations);
}

/** One pass over the team's partition: every item and what it names outside (members' twins, invitation tokens, share links). */
function deleteTeamPartition(teamId: string): Promise<number> {
  return deletePartition(teamPk(teamId), 'pk, sk, user_id, share_token, token_hash', (item) => {
    const sk = String(item.sk);
    if (sk.startsWith(MEMBER_SK) && item.user_id) return [teamKeys.membership(String(item.user_id), teamId)];
    if (sk.startsWith(INVITE_SK) && item.token_hash) return [tokenKeyOfHash(String(item.token_hash))];
    if (item.share_token) return [shareKey(String(item.share_token))];
    return webhookOutside(sk);
  });
}

// ---- members -------------------------------------------------------------------------------------

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, editor: 1, viewer: 2 };

const memberView = (member: Pick<MemberRecord, 'user_id' | 'role'>, person: Person | undefined): Member => ({
  user_id: member.user_id,
  email: person?.email ?? '',
  name: person ? `${person.first_name} ${person.last_name}`.trim() : '',
  role: member.role,
});

/** GET /teams/{id}/members (any member): each with the person's current email and name, owners first. */
export async function listMembers({ team }: TeamAccess): Promise<Member[]> {
  const members = await memberItems(team.id);
  const people = await peopleById(members.map((m) => m.user_id));
  return members
    .map((m) => memberView(m, people.get(m.user_id)))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** PUT /teams/{id}/members/{user_id} (owners): the member item, its twin and the owner count together. */
export async function changeRole({ team }: TeamAccess, userId: string, role: TeamRole): Promise<Member> {
  const target = await memberOf(team.id, userId, MEMBER_NOT_FOUND);
  if (userId === team.billing_owner_id && role !== 'owner') throw new ConflictError(CREATOR_STAYS);
  if (target.role !== role) {
    const owners = target.role === 'owner' ? -1 : role === 'owner' ? 1 : undefined;
    await transact([
      ...teamParts.changeRole(team.id, target, role),
      owners ? teamParts.counters(team.id, { owners }) : failing(teamParts.exists(team.id), () => new NotFoundError(TEAM_NOT_FOUND)),
    ]);
  }
  return memberView({ user_id: userId, role }, await getPerson(userId));
}

/**
 * DELETE /teams/{id}/members/{user_id}: an owner removes anyone, any member removes themselves
 * (leaves). The member item (conditioned on the role read), its twin and the counters together.
 */
export async function removeMember({ team, member: caller }: TeamAccess, userId: string): Promise<void> {
  if (userId !== caller.user_id && caller.role !== 'owner') throw new ForbiddenError('Only an owner of the team can remove other members.');
  const target = userId === caller.user_id ? caller : await memberOf(team.id, userId, MEMBER_NOT_FOUND);
  if (userId === team.billing_owner_id) throw new ConflictError(userId === caller.user_id ? CREATOR_CANNOT_LEAVE : CREATOR_STAYS);
  await leave(team.id, target);
}

export const CREATOR_CANNOT_LEAVE = 'You created this team and your plan sets its limits, so you cannot leave it. Delete the team instead.';

/** The removal transaction itself (also account deletion's, for teams others stay in). */
async function leave(teamId: string, member: MemberRecord): Promise<void> {
  const change = { members: -1 as const, ...(member.role === 'owner' ? { owners: -1 as const } : {}) };
  await transact([...teamParts.leave(teamId, member), teamParts.counters(teamId, change)]);
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
  const reason = await teamNeedingUser(user);
  if (reason) throw new ConflictError(reason);
}

/** Why the account cannot be deleted now (a team with other members needs the person), or null: GET /account says it before anyone types a password. */
export async function teamNeedingUser(user: UserRecord): Promise<string | null> {
  for (const { team, me, others } of await teamPlans(user)) {
    if (others.length === 0) continue;
    if (team.billing_owner_id === user.id) return `You created the team "${team.name}", which has other members: delete the team first.`;
    if (me.role === 'owner' && !others.some((m) => m.role === 'owner')) {
      return `You are the only owner of the team "${team.name}": make another member an owner, or delete the team, first.`;
    }
  }
  return null;
}

/** Then, as the account goes: teams the person alone is in are deleted, their other memberships removed. */
export async function leaveTeamsOfDeletedUser(user: UserRecord): Promise<void> {
  for (const { team, me, others } of await teamPlans(user)) {
    if (others.length === 0) await deleteTeam(team);
    else await leave(team.id, me);
  }
}
