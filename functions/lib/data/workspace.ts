import type { Directives } from '@shared/contract/context';
import type { LimitKind, Tier } from '@shared/tiers';
import { NotFoundError } from '../http/errors';
import { batchGet, getItem, type Item, type Key } from './db';
import { personalPk, teamPk, type WorkspacePk, workspaceOwner } from './keys';
import { limitError } from './limits';
import { TEAM_NOT_FOUND, type TeamNeed, type TeamRole, teamAccess, teamKeys, teamParts } from './team';
import { failing, type Part, type WritePart } from './transactions';
import { type UserRecord, userKeys, userParts } from './users';

/**
 * The workspace a request acts on, resolved in the authenticating read (http/authenticate.ts): the caller's
 * own, or a team's with `?workspace=<team id>` (docs/architecture.md, "Team workspaces").
 */
export interface WorkspaceRef {
  pk: WorkspacePk;
  /** The item with the plan counters and the directives: the user item, or the team item. */
  holder: Key;
  /** That item as read with the request. */
  holderItem: Item;
  /** The plan whose limits apply: the caller's own, or the team's (its billing owner's). */
  tier: Tier;
  role: TeamRole;
  team: { id: string; name: string } | null;
  /** Who acts: versions record them. */
  author: Author;
}

/** The person behind a change, as versions record it (their name then, as a commit keeps its author's). */
export interface Author {
  user_id: string;
  name: string;
}
export const authorOf = (user: Pick<UserRecord, 'id' | 'first_name' | 'last_name'>): Author => ({
  user_id: user.id,
  name: `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim(),
});

/** Team ids are UUIDs: anything else names no team. */
export const isTeamId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/** A team's workspace for the caller, from their member item and the team item as read (`teamAccess` checks them). */
export function teamWorkspace(user: UserRecord, teamId: string, member: Item | undefined, team: Item | undefined, need: TeamNeed): WorkspaceRef {
  const {
    team: record,
    member: { role },
  } = teamAccess({ team, member }, need);
  return {
    pk: teamPk(teamId),
    holder: teamKeys.team(teamId),
    holderItem: record,
    tier: record.tier,
    role,
    team: { id: teamId, name: record.name },
    author: authorOf(user),
  };
}

/** The workspace a request names outside its query string (a copy's target): the caller's own, or a team's (one strong BatchGet). */
export async function workspaceFor(user: UserRecord, teamId: string | null, need: 'read' | 'write'): Promise<WorkspaceRef> {
  if (teamId === null) return personalWorkspace(user);
  if (!isTeamId(teamId)) throw new NotFoundError(TEAM_NOT_FOUND);
  const [member, team] = [teamKeys.member(teamId, user.id), teamKeys.team(teamId)];
  const items = await batchGet([member, team], { consistent: true });
  const find = (key: Key) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  return teamWorkspace(user, teamId, find(member), find(team), need);
}

/** A person's own workspace: they own it, and their plan sets its limits. */
export function personalWorkspace(user: UserRecord): WorkspaceRef {
  return {
    pk: personalPk(user.id),
    holder: userKeys.user(user.id),
    holderItem: user as unknown as Item,
    tier: user.access_tier,
    role: 'owner',
    team: null,
    author: authorOf(user),
  };
}

/** What a plan limit is checked against: the item with the counters and the plan it follows. */
export type LimitHolder = Pick<WorkspaceRef, 'pk' | 'tier'>;

/**
 * The workspace's holder item (the user item, or the team item) carries its plan counters and
 * directives; users.ts and team.ts write it, these pick the one of the workspace.
 */
export const holderParts = {
  /** Slots of one or more kinds, all or none (limits.ts); the caller says what a failure means. */
  claimSlots: (workspace: LimitHolder, counts: Partial<Record<LimitKind, number>>): Part => {
    const owner = workspaceOwner(workspace.pk);
    return 'teamId' in owner ? teamParts.claimSlots(owner.teamId, workspace.tier, counts) : userParts.claimSlots(owner.userId, workspace.tier, counts);
  },
  /** One slot of `kind`: fails with the plan's limit message. */
  claimSlot: (workspace: LimitHolder, kind: LimitKind): Part => failing(holderParts.claimSlots(workspace, { [kind]: 1 }), limitError(workspace.tier, kind)),
  releaseSlot: (workspace: WorkspacePk, kind: LimitKind): Part => {
    const owner = workspaceOwner(workspace);
    return 'teamId' in owner ? teamParts.releaseSlot(owner.teamId, kind) : userParts.releaseSlot(owner.userId, kind);
  },
  /** The workspace's count of model connections (connections.ts); an increment fails at `max`. */
  countConnections: (workspace: WorkspacePk, delta: 1 | -1, max?: number): Part => {
    const owner = workspaceOwner(workspace);
    return 'teamId' in owner ? teamParts.countConnections(owner.teamId, delta, max) : userParts.countConnections(owner.userId, delta, max);
  },
  /** The workspace's count of webhooks (webhooks.ts); an increment fails at `max`. */
  countWebhooks: (workspace: WorkspacePk, delta: 1 | -1, max?: number): Part => {
    const owner = workspaceOwner(workspace);
    return 'teamId' in owner ? teamParts.countWebhooks(owner.teamId, delta, max) : userParts.countWebhooks(owner.userId, delta, max);
  },
  setDirectives: (workspace: WorkspacePk, directives: Directives): WritePart => {
    const owner = workspaceOwner(workspace);
    const { global_prompt_prefix: prefix, global_prompt_suffix: suffix } = directives;
    return 'teamId' in owner ? teamParts.setDirectives(owner.teamId, prefix, suffix) : userParts.setDirectives(owner.userId, prefix, suffix);
  },
};

/** The holder item as it is now (strong): its counters after writes of this request. */
export const readHolder = (workspace: Pick<WorkspaceRef, 'holder'>) => getItem(workspace.holder, { consistent: true });
