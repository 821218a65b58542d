import type { Account } from '@shared/contract/account';
import { limitFor, RUNS_PER_DAY } from '@shared/tiers';
import { ACTIVITY_SK, toEvent } from '../data/activity';
import { apiKeyLookups } from '../data/api-keys';
import { billingParts } from '../data/billing';
import type { CategoryItem } from '../data/category';
import { type ConnectionItem, toConnection } from '../data/connections';
import { directivesOf } from '../data/context';
import { evaluationIdsIn } from '../data/evaluations';
import { OUTSIDE_REF_SK, personalPk } from '../data/keys';
import { withdrawRatings } from '../data/library-use';
import { deleteOutside, deletePartition, partitionItems } from '../data/partitions';
import { type ContextFields, profileValuesFrom } from '../data/profile-values';
import { listPromptItems, type PromptItem, type VersionItem } from '../data/prompt';
import { endPurge, getPurgeMarker, purgeParts, unfinishedPurges } from '../data/purges';
import { clearSignInFailures, runQuotaWindow, usedIn } from '../data/rate-limits';
import { shareKey } from '../data/share';
import { failing, type Part, transact } from '../data/transactions';
import { emailVerifiedOf, getUser, type UserRecord, userParts } from '../data/users';
import { webhookOutside } from '../data/webhooks';
import { toPrompts } from '../data/workspace-read';
import { BadGatewayError, ConflictError, NotFoundError } from '../http/errors';
import { logger, userRef } from '../http/log';
import { cleanUpEvaluations } from './evaluations';
import { leaveTeamsOfDeletedUser, refuseWhileTeamsNeedUser, teamNeedingUser } from './teams';

/**
 * Everything about one user as a whole: the account view with plan usage, the export of all
 * their data, and deletion of all of it. Export and deletion start from the user's partition
 * (`USER#<id>`); items kept elsewhere are found through the `XREF#` notes in it (keys.ts), so a
 * feature that stores a user's items outside the partition adds such a note when it writes one,
 * and an export section below when the export should show it.
 */

type Counters = { prompts_used?: number; categories_used?: number; snippets_used?: number };

/** GET /account: the profile and what the plan allows and what is used (limit null = unlimited). */
export async function accountView(user: UserRecord & Counters): Promise<Account> {
  const runsLimit = RUNS_PER_DAY[user.access_tier];
  const [used, deleteBlocked] = await Promise.all([usedIn(runQuotaWindow(user)), teamNeedingUser(user)]);
  const runsUsed = Math.min(used, runsLimit ?? Number.MAX_SAFE_INTEGER);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    access_tier: user.access_tier,
    is_admin: user.is_admin,
    email_verified: emailVerifiedOf(user),
    created_at: user.created_at,
    usage: {
      prompts: { used: Math.max(0, user.prompts_used ?? 0), limit: limitFor(user.access_tier, 'max_prompts') },
      categories: { used: Math.max(0, user.categories_used ?? 0), limit: limitFor(user.access_tier, 'max_categories') },
      snippets: { used: Math.max(0, user.snippets_used ?? 0), limit: limitFor(user.access_tier, 'max_snippets') },
      runs_today: { used: runsUsed, limit: runsLimit },
    },
    ...(deleteBlocked ? { delete_blocked: deleteBlocked } : {}),
  };
}

// ---- export --------------------------------------------------------------------------------------

/** Key and bookkeeping attributes: never part of what the user sees. */
const INTERNAL = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'type',
  'password_hash',
  'session_version',
  'billing_event_created',
  'expires_at',
  'item_id',
  'user_id',
]);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An item without its internal attributes, nested ones included (a version's author keeps its name, not the id). */
const plain = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).flatMap(([k, v]) => (INTERNAL.has(k) ? [] : [[k, isRecord(v) ? plain(v) : v]])));

export interface ExportInput {
  user: UserRecord & ContextFields;
  /** Every item of the user's partition, by `type`. */
  items: Map<string, Record<string, unknown>[]>;
}

/**
 * The sections of the export, in order. A feature adds its own by pushing `{name, collect}`:
 * `collect` gets the user and their partition's items and returns what the section shows.
 */
export const EXPORT_SECTIONS: { name: string; collect: (input: ExportInput) => unknown | Promise<unknown> }[] = [
  {
    name: 'profile',
    collect: ({ user }) => ({
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      access_tier: user.access_tier,
      is_admin: user.is_admin,
      email_verified: emailVerifiedOf(user),
      created_at: user.created_at,
    }),
  },
  {
    name: 'billing',
    // The state, not Stripe's ids: those are keys into another service, not facts about the person.
    collect: ({ user }) => ({
      plan: user.access_tier,
      paying_customer: Boolean(user.stripe_customer_id),
      subscription: user.stripe_subscription_id ? (user.subscription_status ?? 'active') : null,
    }),
  },
  { name: 'categories', collect: ({ items }) => (items.get('category') ?? []).map(plain) },
  {
    name: 'prompts',
    collect: ({ items }) => {
      const versions = new Map<string, VersionItem[]>();
      for (const v of (items.get('prompt_version') ?? []) as unknown as VersionItem[]) versions.set(v.prompt_id, [...(versions.get(v.prompt_id) ?? []), v]);
      const prompts = toPrompts({
        prompts: (items.get('prompt') ?? []) as unknown as PromptItem[],
        categories: (items.get('category') ?? []) as unknown as CategoryItem[],
      });
      const checks = new Map((items.get('prompt_checks') ?? []).map((c) => [String(c.prompt_id), c.checks]));
      const examples = new Map<string, Record<string, unknown>[]>();
      for (const e of items.get('prompt_example') ?? []) examples.set(String(e.prompt_id), [...(examples.get(String(e.prompt_id)) ?? []), plain(e)]);
      return prompts.map((p) => ({
        ...p,
        // Its test suite: the checks and the examples, oldest first.
        checks: checks.get(p.id) ?? [],
        examples: examples.get(p.id) ?? [],
        // Every earlier version (the prompt's own fields are the current one), newest first.
        earlier_versions: (versions.get(p.id) ?? []).sort((a, b) => b.version - a.version).map((v) => plain(v as unknown as Record<string, unknown>)),
      }));
    },
  },
  {
    name: 'shared_links',
    // The public links (share.ts): which prompt each one shows, and its path on the site.
    collect: ({ items }) =>
      ((items.get('prompt') ?? []) as unknown as PromptItem[])
        .filter((p) => p.share_token)
        .map((p) => ({ prompt_id: p.id, title: p.title, token: p.share_token, path: `/s/${p.share_token}` })),
  },
  { name: 'directives', collect: ({ user }) => directivesOf(user) },
  { name: 'snippets', collect: ({ items }) => (items.get('snippet') ?? []).map(plain) },
  { name: 'profile_values', collect: ({ user, items }) => profileValuesFrom(user, items.get('profile_value') ?? []) },
  // Model connections of the personal workspace, as listed: the key's hint, never the key (sealed or not).
  { name: 'connections', collect: ({ items }) => ((items.get('connection') ?? []) as unknown as ConnectionItem[]).map(toConnection) },
  // The personal workspace's activity feed (kept 90 days), newest first, as GET /activity shows it: names, never ids.
  {
    name: 'activity',
    collect: ({ items }) =>
      (items.get('activity') ?? [])
        .filter((item) => String(item.sk).startsWith(`${ACTIVITY_SK}W#`))
        .sort((a, b) => String(b.sk).localeCompare(String(a.sk)))
        .map(toEvent),
  },
  // The teams the person is in and their role (the team workspaces' content belongs to the teams).
  { name: 'teams', collect: ({ items }) => (items.get('team_membership') ?? []).map(({ team_id, role }) => ({ team_id, role })) },
];

/** Every item of a partition, grouped by its `type`. */
async function partitionByType(userId: string): Promise<Map<string, Record<string, unknown>[]>> {
  const items = await partitionItems(personalPk(userId));
  const byType = new Map<string, Record<string, unknown>[]>();
  for (const item of items) byType.set(String(item.type), [...(byType.get(String(item.type)) ?? []), item]);
  return byType;
}

/** GET /account/export: the export document (no password material, no internal keys). */
export async function exportAccount(user: UserRecord & ContextFields, now = new Date()): Promise<Record<string, unknown>> {
  const input: ExportInput = { user, items: await partitionByType(user.id) };
  const document: Record<string, unknown> = { format: 'construct-account-export', version: 1, exported_at: now.toISOString() };
  for (const section of EXPORT_SECTIONS) document[section.name] = await section.collect(input);
  return document;
}

// ---- deletion ------------------------------------------------------------------------------------

export const LAST_ADMIN = 'The platform needs at least one administrator.';

/**
 * Work to do before a user's items are deleted (a feature that keeps the user's data with another
 * service adds a step here). The Stripe subscription is cancelled before anything is deleted: if
 * Stripe fails, nothing is deleted and the request can be repeated.
 */
export const BEFORE_DELETE: ((user: UserRecord) => Promise<void>)[] = [
  // Teams first: a team that still needs the person (its creator, its only owner) refuses the deletion before anything changes.
  refuseWhileTeamsNeedUser,
  cancelSubscription,
  // Teams they alone are in go; their other memberships end (docs/product.md, "Teams").
  leaveTeamsOfDeletedUser,
];

const LIVE_SUBSCRIPTION = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'];

async function cancelSubscription(user: UserRecord): Promise<void> {
  const id = user.stripe_subscription_id;
  if (!id || (user.subscription_status && !LIVE_SUBSCRIPTION.includes(user.subscription_status))) return;
  const { stripe } = await import('./billing');
  try {
    await (await stripe()).subscriptions.cancel(id);
  } catch (error) {
    // Already cancelled or unknown at Stripe: nothing is left to cancel.
    if ((error as { code?: string }).code === 'resource_missing') return;
    logger.error('subscription cancel failed', { user: userRef(user.id), error: (error as Error).name });
    throw new BadGatewayError('Your subscription could not be cancelled right now, so nothing was deleted. Please try again in a moment.');
  }
}

/**
 * The one way a user's data is deleted (DELETE /account and the admin's delete-user):
 * 1. BEFORE_DELETE steps (the subscription is cancelled);
 * 2. one transaction ends the account: the user item, the email claim (the email is free again),
 *    the Stripe customer link and the admin count (the last admin is refused with `lastAdmin`);
 *    from here every token of the user fails and every write that needs the user item fails;
 *    the same transaction writes a purge marker (data/purges.ts);
 * 3. items kept outside the partition through their own twins inside it (deleteOutsideItems below: API key
 *    lookups), then the partition and the items its `XREF#` notes name, page by page, repeated until
 *    a pass finds nothing, so a write that was in flight during the first pass goes too; then the
 *    marker goes.
 * Should step 3 stop half way, a retry (the admin's) finishes it: a user item that is already gone
 * with items left is finished. A user who deleted their own account cannot retry (their token ended
 * in step 2), so every later account deletion also finishes the clean-ups that markers show
 * unfinished. Returns false when there was no such user at all.
 */
export async function deleteUserData({
  userId,
  lastAdmin = () => new ConflictError(LAST_ADMIN),
  known,
}: {
  userId: string;
  /** What refusing the last admin's deletion answers. */
  lastAdmin?: () => Error;
  /** The user as the caller read it. */
  known?: UserRecord;
}): Promise<boolean> {
  const user = known ?? (await getUser(userId));
  if (!user) return finishPurge(userId);
  for (const step of BEFORE_DELETE) await step(user);
  const ended = userParts.remove(user);
  const parts: Part[] = [
    failing(ended.user, () => new NotFoundError('User not found.')),
    failing(ended.claim, () => new ConflictError('This account changed while it was being deleted. Please try again.')),
    purgeParts.begin(userId, user.email),
  ];
  if (user.stripe_customer_id) parts.push(billingParts.dropCustomer(user.stripe_customer_id));
  if (user.is_admin) parts.push(failing(userParts.adminCount(-1), lastAdmin));
  await transact(parts);
  await finishPurge(userId, user.email);
  await finishUnfinishedPurges(userId);
  return true;
}

/** Step 3 of deleteUserData, safe to repeat: answers whether there was anything of the user left. */
async function finishPurge(userId: string, knownEmail?: string): Promise<boolean> {
  const marker = await getPurgeMarker(userId);
  await deleteOutsideItems(userId);
  // Their library ratings leave the prompts' sums before the partition (and the ratings in it) goes.
  await withdrawRatings(userId);
  // Their evaluations' own partitions are the worker's to delete once the headers are gone.
  const evaluations = await evaluationIdsIn(personalPk(userId));
  let deleted = 0;
  for (let pass = 0, found = 1; pass < 5 && found > 0; pass++) deleted += found = await deleteUserPartition(userId);
  await cleanUpEvaluations(personalPk(userId), evaluations);
  const email = knownEmail ?? marker?.email;
  if (email) await clearSignInFailures(email);
  await endPurge(userId);
  return deleted > 0 || marker !== undefined;
}

/** Finishes a few clean-ups that earlier deletions left unfinished (best effort: this deletion is done). */
async function finishUnfinishedPurges(exceptUserId: string): Promise<void> {
  try {
    const left = (await unfinishedPurges(3)).filter((m) => m.user_id !== exceptUserId);
    for (const marker of left) await finishPurge(marker.user_id, marker.email);
  } catch (error) {
    logger.warn('unfinished account clean-ups left for the next deletion', { error: (error as Error).name });
  }
}

/**
 * Items of a user that live outside the user's partition and are found through their twins inside
 * it (API key lookups, share links). Deleted BEFORE the partition, so a retried deletion still
 * finds them.
 */
async function deleteOutsideItems(userId: string): Promise<void> {
  const shared = await listPromptItems(personalPk(userId), 'share_token');
  await deleteOutside([...(await apiKeyLookups(userId)), ...shared.filter((p) => p.share_token).map((p) => shareKey(String(p.share_token)))]);
}

/** Deletes every item of the user's partition and the outside items its `XREF#` notes name; answers how many there were. */
function deleteUserPartition(userId: string): Promise<number> {
  return deletePartition(personalPk(userId), 'pk, sk, target_pk, target_sk', (item) =>
    String(item.sk).startsWith(OUTSIDE_REF_SK) && item.target_pk
      ? [{ pk: String(item.target_pk), sk: String(item.target_sk) }]
      : webhookOutside(String(item.sk)),
  );
}
