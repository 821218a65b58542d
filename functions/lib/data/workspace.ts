import type { Category, Prompt } from '@shared/contract/prompts';
import type { Tier } from '@shared/tiers';
import { NotFoundError } from '../http/errors';
import type { CategoryItem } from './category';
import { collator } from './collator';
import { batchGet, queryAll } from './db';
import { personalPk, teamPk, VERSIONS_SK, type WorkspacePk } from './keys';
import { type PromptItem, toPrompt } from './prompt';
import { TEAM_NOT_FOUND, type TeamRole, teamAccess, teamKeys } from './team';
import type { Item, Key, UserRecord } from './users';
import { userKeys } from './users';

/**
 * The workspace a request acts on, resolved in the authenticating read (http.ts): the caller's
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
export function teamWorkspace(user: UserRecord, teamId: string, member: Item | undefined, team: Item | undefined, need: 'read' | 'write'): WorkspaceRef {
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

/**
 * The workspace read: a user's prompts and categories (and the partition's other items) in one
 * Query, and the views the lists answer with. Each entity's writes live in its own module:
 * prompt.ts (with versions and labels), category.ts, context.ts (snippets, directives, PROFILE).
 */
export interface Workspace {
  prompts: PromptItem[];
  categories: CategoryItem[];
  /** Every other item of the partition (snippets, profile...), by type, for later features. */
  items: Record<string, unknown>[];
}

/** Access pattern: a user's whole workspace in one Query (paged past 1 MB), without version history (keys.ts). */
export async function loadWorkspace(workspace: WorkspacePk): Promise<Workspace> {
  const content: Workspace = { prompts: [], categories: [], items: [] };
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk < :versions',
    ExpressionAttributeValues: { ':pk': workspace, ':versions': VERSIONS_SK },
  });
  for (const item of items) {
    if (item.type === 'prompt') content.prompts.push(item as unknown as PromptItem);
    else if (item.type === 'category') content.categories.push(item as unknown as CategoryItem);
    else content.items.push(item);
  }
  return content;
}

/** Public prompt shapes with category names resolved; a missing category reads as uncategorised. */
export function toPrompts(workspace: Pick<Workspace, 'prompts' | 'categories'>): Prompt[] {
  const names = new Map(workspace.categories.map((c) => [c.id, c.name]));
  return workspace.prompts.map((p) => toPrompt(p, names)).sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

export function toCategories(workspace: Pick<Workspace, 'prompts' | 'categories'>): Category[] {
  const counts = new Map<string, number>();
  for (const p of workspace.prompts) if (p.category_id) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
  return workspace.categories.map((c) => ({ id: c.id, name: c.name, prompt_count: counts.get(c.id) ?? 0 })).sort((a, b) => collator.compare(a.name, b.name));
}

/** Distinct tasks and industries across prompts, sorted, for the filter lists. */
export function collectFilters(prompts: Pick<PromptItem, 'tasks' | 'industries'>[]) {
  const tasks = new Set<string>();
  const industries = new Set<string>();
  for (const p of prompts) {
    for (const t of p.tasks ?? []) tasks.add(t);
    for (const i of p.industries ?? []) industries.add(i);
  }
  const sorted = (s: Set<string>) => [...s].sort(collator.compare);
  return { tasks: sorted(tasks), industries: sorted(industries) };
}
