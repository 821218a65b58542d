import { createHash } from 'node:crypto';
/** The first sk prefix after the workspace proper (see below). */
export const VERSIONS_SK = 'VERSION#';

/**
 * Single-table layout: what the entities share. Each entity module holds its own key builders
 * (`userKeys` in users.ts, `promptKeys` in prompt.ts, `categoryKeys` in category.ts, `teamKeys` in
 * team.ts, `libraryKeys` in library.ts…); this module has the workspace partitions they live in and
 * the sort-key prefixes that order them. One Query on a workspace's partition (`USER#<id>`, or `TEAM#<id>` for a
 * team: docs/architecture.md, "Team workspaces") returns the whole workspace. Every item type,
 * with its keys and who writes it, is in docs/data-model.md ("Items"): that table is the one key
 * registry, and tests/api/partition-keys.test.ts fails on a key the routes touch that it does not
 * name.
 *
 * Every item carries `type` naming its entity. The user item (a team's: the team item) holds the plan-limit counters
 * (`prompts_used`, `categories_used`, `snippets_used`), changed in the same transaction as the
 * items they count. A category's prompt count is computed from its prompts when read, so moves
 * and deletions never leave it stale; deleting a category leaves prompts pointing at a missing
 * category, which reads as uncategorised.
 *
 * Prompt versions (version history) are snapshots of a prompt's earlier content, numbered per
 * prompt (zero-padded so they sort), at most VERSIONS_MAX per prompt, uncounted by any plan
 * limit. `VERSION#` sorts after every other sk prefix of the partition (CATEGORY#, CATNAME#,
 * PROFILE, PROMPT#, SNIPPET#, SNIPNAME#), so the workspace Query stops before them
 * (`sk < VERSION#`) and a list never reads history; keep new workspace prefixes below `VERSION#`.
 */
/**
 * Items a user owns outside their partition (one-time tokens, and any later lookup item keyed by
 * something else) are noted in the partition by an `XREF#…` item naming the outside key, written
 * in the same transaction as the item itself. Deleting the account (account-data.ts) deletes
 * each named item with the partition. `XREF#` sorts after `VERSION#`, so workspace reads never
 * see these notes.
 */
export const OUTSIDE_REF_SK = 'XREF#';
/** PROFILE values, one item each (context.ts): after `VERSION#` like the outside references. */
export const PROFILE_VALUE_SK = 'XPROFILE#';
export function outsideRef(at: { pk: string; sk: string }, target: { pk: string; sk: string }) {
  if (!at.sk.startsWith(OUTSIDE_REF_SK)) throw new Error(`An outside reference's sk starts with ${OUTSIDE_REF_SK}`);
  return { ...at, type: 'outside_ref', target_pk: target.pk, target_sk: target.sk };
}

/**
 * A workspace's partition: `USER#<id>` (a person's own) or `TEAM#<id>` (a team's), laid out alike.
 * Branded, so a bare user id cannot be passed where a workspace is meant.
 */
export type WorkspacePk = string & { readonly __workspace: true };
/** The pk prefixes of a person's partition and a team's. */
export const PERSONAL_PK = 'USER#';
export const TEAM_PK = 'TEAM#';
export const personalPk = (userId: string) => `${PERSONAL_PK}${userId}` as WorkspacePk;
export const teamPk = (teamId: string) => `${TEAM_PK}${teamId}` as WorkspacePk;
/** Whose workspace a partition is: a team's, or a person's own. */
export const workspaceOwner = (workspace: WorkspacePk): { teamId: string } | { userId: string } =>
  workspace.startsWith(TEAM_PK) ? { teamId: workspace.slice(TEAM_PK.length) } : { userId: workspace.slice(PERSONAL_PK.length) };

/** What a route's preload key is built from: the path parameters, the caller's own id and the workspace's partition (http/). */
export interface PreloadInput<N extends string = never> {
  params: { readonly [K in N]: string };
  userId: string;
  workspace: WorkspacePk;
}

/** Emails are unique case-insensitively: claims and lookups use this form. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Index partitions the users listing is spread over (registrations and admin changes never meet in one). */
export const USERS_SHARDS = 16;
export const usersShard = (userId: string) => createHash('sha1').update(userId).digest().readUInt16BE(0) % USERS_SHARDS;
