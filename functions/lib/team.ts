import type { Tier } from '@shared/tiers';

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
