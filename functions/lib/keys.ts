import { createHash } from 'node:crypto';
/** The first sk prefix after the workspace proper (see below). */
export const VERSIONS_SK = 'VERSION#';
const versionPrefix = (promptId: string) => `${VERSIONS_SK}${promptId}#`;

/**
 * Single-table layout. One Query on `USER#<id>` returns a user's whole workspace. Every item type,
 * with its keys and who writes it, is in docs/data-model.md ("Items"): that table is the one key
 * registry, and tests/api/partition-keys.test.ts fails on a key the routes touch that it does not
 * name.
 *
 * Every item carries `type` naming its entity. The user item holds the plan-limit counters
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

export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' }),
  prompt: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#${promptId}` }),
  category: (userId: string, categoryId: string) => ({ pk: `USER#${userId}`, sk: `CATEGORY#${categoryId}` }),
  promptVersion: (userId: string, promptId: string, version: number) => ({
    pk: `USER#${userId}`,
    sk: `${versionPrefix(promptId)}${String(version).padStart(6, '0')}`,
  }),
  /** Every version snapshot of one prompt starts with this sk. */
  versionPrefix: (promptId: string) => versionPrefix(promptId),
  workspace: (userId: string) => `USER#${userId}`,
  /** One PROFILE value of the user (context.ts); sorts after VERSION#, so workspace reads never load it. */
  profileValue: (userId: string, key: string) => ({ pk: `USER#${userId}`, sk: `${PROFILE_VALUE_SK}${key}` }),
  /** A prompt's public link (share.ts): a partition per link. */
  share: (token: string) => ({ pk: `SHARE#${token}`, sk: 'SHARE' }),
  /** The user's place in the users listing: one of USERS_SHARDS index partitions (by id), sorted by email there. */
  usersIndex: (userId: string, email: string) => ({ gsi2pk: `USERS#${usersShard(userId)}`, gsi2sk: normaliseEmail(email) }),
};

/** Emails are unique case-insensitively: claims and lookups use this form. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Index partitions the users listing is spread over (registrations and admin changes never meet in one). */
export const USERS_SHARDS = 16;
export const usersShard = (userId: string) => createHash('sha1').update(userId).digest().readUInt16BE(0) % USERS_SHARDS;
