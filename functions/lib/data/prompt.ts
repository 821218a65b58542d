import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import type { Prompt, PromptInput, PromptReplace } from '@shared/contract/prompts';
import { LABELS_MAX, type PromptVersion, VERSIONS_MAX, type VersionSource } from '@shared/contract/versions';
import type { Tier } from '@shared/tiers';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type { PreloadInput } from '../http/http';
import { CATEGORY_NOT_FOUND, categoryExists, categoryName, categoryNames } from './category';
import { batchWrite, db, queryAll, TABLE } from './db';
import { holderOf, VERSIONS_SK, type WorkspacePk } from './keys';
import { conditionFailed, lostToConcurrentWrite, retry } from './retry';
import { shareKey } from './share';
import { SLUG_TAKEN, SlugTaken, slugClaim, slugRelease, withNewSlug } from './slugs';
import { claimSlot, limitError, releaseSlot, type Tx, transact } from './transactions';
import type { Item } from './users';
import type { Author, WorkspaceRef } from './workspace';

/** A prompt's keys and its versions' (docs/data-model.md, "Items"): in its workspace's partition. */
export const promptKeys = {
  prompt: (workspace: WorkspacePk, promptId: string) => ({ pk: workspace as string, sk: `PROMPT#${promptId}` }),
  version: (workspace: WorkspacePk, promptId: string, version: number) => ({
    pk: workspace as string,
    sk: `${VERSIONS_SK}${promptId}#${String(version).padStart(6, '0')}`,
  }),
  /** Every version snapshot of one prompt starts with this sk. */
  versionPrefix: (promptId: string) => `${VERSIONS_SK}${promptId}#`,
};

/**
 * Version history. A prompt item holds its current content and `version`;
 * every content save (title, body, tasks or industries changed) puts the previous content into a
 * snapshot item `VERSION#<prompt id>#<version>` of the same partition (see keys.ts), in the same
 * transaction that moves the prompt to the next version, conditioned on the version it read.
 * A concurrent save therefore fails its condition, re-reads and tries again: no save overwrites
 * another without its content becoming a version.
 *
 * - A save that changes no content (the favourite flag, the category alone, or the same text
 *   again) is not a new version.
 * - At most VERSIONS_MAX versions per prompt, the current one included: each new version deletes,
 *   in the same transaction, the snapshot that falls out of the window. Versions count against no
 *   plan limit.
 * - Deleting a prompt deletes its snapshots in the same transaction as the prompt (deletePrompt).
 */

/** The prompt entity as stored (docs/data-model.md, "Items"). */
export interface PromptItem {
  id: string;
  title: string;
  body: string;
  category_id: string | null;
  is_favorite: boolean;
  tasks: string[];
  industries: string[];
  created_at: string;
  updated_at: string;
  forked_from?: string | null;
  /** Version history: the current version's number (missing on items older than it: 1). */
  version?: number;
  /** Where the current content came from (VersionSource). */
  version_source?: VersionSource;
  /** Who made the current content (absent on prompts saved before teams). */
  version_by?: Author | null;
  /** Fork lineage: the library original's revision (its updated_at) last taken or dismissed. */
  forked_revision?: string;
  /** Forks: the library original's tier when forked (pro and elite content is never shared by link). */
  forked_tier?: Tier;
  /** Unique in the workspace (slugs.ts); missing only on prompts saved before slugs, until backfilled. */
  slug?: string;
  /** Labels pinned to versions: `{ production: 3 }`. */
  labels?: Record<string, number>;
  /** Moves with every label change; label writes are conditioned on it. */
  labels_rev?: number;
  /** The public link's token while the prompt is shared (share.ts). */
  share_token?: string;
}
export const PROMPT_NOT_FOUND = 'Prompt not found.';

export function toPrompt(p: PromptItem, names: Map<string, string>): Prompt {
  const category_name = (p.category_id && names.get(p.category_id)) || null;
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    category_id: category_name ? p.category_id : null,
    category_name,
    is_favorite: Boolean(p.is_favorite),
    tasks: p.tasks ?? [],
    industries: p.industries ?? [],
    created_at: p.created_at,
    updated_at: p.updated_at,
    ...(p.forked_from ? { forked_from: p.forked_from } : {}),
    version: p.version ?? 1,
    slug: p.slug ?? '',
    labels: p.labels ?? {},
  };
}

/** Creates a prompt within the plan limit (fork uses this too), with a slug of its own made from the title. */
export async function createPrompt(
  workspace: WorkspaceRef,
  input: PromptInput & Pick<PromptItem, 'forked_from' | 'forked_revision' | 'version_source' | 'forked_tier'>,
): Promise<PromptItem> {
  const now = new Date().toISOString();
  const id = randomUUID();
  return withNewSlug(workspace.pk, input.title, async (slug) => {
    const prompt: PromptItem = {
      id,
      ...input,
      slug,
      version: 1,
      version_source: input.version_source ?? { kind: 'create' },
      version_by: workspace.author,
      created_at: now,
      updated_at: now,
    };
    const items: Tx[] = [
      claimSlot(workspace, 'max_prompts'),
      {
        Put: {
          TableName: TABLE,
          Item: { ...promptKeys.prompt(workspace.pk, prompt.id), type: 'prompt', ...prompt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      slugClaim(workspace.pk, slug, prompt.id),
    ];
    if (prompt.category_id) items.push(categoryExists(workspace.pk, prompt.category_id));
    await transact(items, { 0: limitError(workspace, 'max_prompts'), 2: () => new SlugTaken(), 3: () => new NotFoundError(CATEGORY_NOT_FOUND) });
    return prompt;
  });
}

/* Replacing a prompt's fields keeps its earlier content as a version: see savePrompt below. */

/** The favourite toggle: one conditional update. */
export async function setFavorite(workspace: WorkspacePk, promptId: string, isFavorite: boolean): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: promptKeys.prompt(workspace, promptId),
        UpdateExpression: 'SET is_favorite = :f',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':f': isFavorite },
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw new NotFoundError(PROMPT_NOT_FOUND);
    throw error;
  }
}

export interface PromptContent {
  title: string;
  body: string;
  tasks: string[];
  industries: string[];
}

export interface VersionItem extends PromptContent {
  prompt_id: string;
  version: number;
  /** When this content was saved (the prompt's updated_at while it was current). */
  saved_at: string;
  source: VersionSource;
  by?: Author;
}

export const VERSION_NOT_FOUND = 'Version not found.';

/** Saves lost to concurrent saves of the same prompt are re-read and tried again this many times. */
const SAVE_ATTEMPTS = 25;

export const versionOf = (prompt: PromptItem) => prompt.version ?? 1;

/** Where a prompt's current content came from; items older than version history record none. */
export function sourceOf(prompt: PromptItem): VersionSource {
  if (prompt.version_source) return prompt.version_source;
  if (prompt.updated_at !== prompt.created_at) return { kind: 'edit' };
  return prompt.forked_from ? { kind: 'fork', library_prompt_id: prompt.forked_from } : { kind: 'create' };
}

const contentOf = (p: PromptContent): PromptContent => ({ title: p.title, body: p.body, tasks: p.tasks ?? [], industries: p.industries ?? [] });
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
export const sameContent = (a: PromptContent, b: PromptContent) =>
  a.title === b.title && a.body === b.body && sameList(a.tasks ?? [], b.tasks ?? []) && sameList(a.industries ?? [], b.industries ?? []);

/** A prompt from an item as read (a route's `preload`), if it is one; null otherwise. */
export const promptFrom = (item: Record<string, unknown> | undefined) => (item?.type === 'prompt' ? (item as unknown as PromptItem) : null);

/** For a route's `preload` (http.ts): the caller's own prompt named by the path's `id`. */
export const promptPreload = { prompt: ({ params, workspace }: PreloadInput<'id'>) => promptKeys.prompt(workspace, params.id) };

/** Access pattern: one prompt by id, read strongly so a save conditions on the latest version. */
export async function getPromptItem(workspace: WorkspacePk, promptId: string): Promise<PromptItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: promptKeys.prompt(workspace, promptId), ConsistentRead: true }));
  return promptFrom(Item) ?? undefined;
}

/** What one save changes, decided from the prompt as read (so a retry decides afresh). */
export interface PromptChange {
  /** New content: a new version when it differs from the current content (or with `always`). */
  content?: PromptContent;
  /** Where the new content came from; needed with `content`. */
  source?: VersionSource;
  /** Who made the new content (versions record it; a team's history shows each member's changes). */
  by?: Author;
  /** A new version even when the content is the same (a restore). */
  always?: boolean;
  /** Other fields, set as given. */
  fields?: Partial<Pick<PromptItem, 'category_id' | 'is_favorite' | 'forked_revision'>>;
  /** The category that must exist in the workspace (404 otherwise). */
  categoryId?: string | null;
  /** Move updated_at even when the content stays (default true: an edit of the prompt). */
  touch?: boolean;
  /** A new slug: claimed in the same transaction, the old one freed (409 when another prompt has it). */
  slug?: string;
  /** The whole new labels map (setLabel, below), written only if no other label change landed meanwhile. */
  labels?: Record<string, number>;
  /** More items for the same transaction (a label's version check, a snapshot freed), each with its error. */
  extra?: { item: Tx; error?: () => Error }[];
}

class StaleRead extends Error {}

const isConcurrent = (error: unknown) => error instanceof StaleRead || lostToConcurrentWrite(error);

/**
 * Applies a change to a prompt: one transaction that updates the prompt (conditioned on the
 * version read), keeps the previous content as a snapshot when the content changes, drops the
 * snapshot beyond VERSIONS_MAX and checks the category. Returns the prompt as written.
 * `known` is the prompt as the caller just read it strongly (null: there is none), to save the
 * first read.
 */
export async function changePrompt(
  workspace: WorkspacePk,
  promptId: string,
  decide: (current: PromptItem) => PromptChange,
  known?: PromptItem | null,
): Promise<PromptItem> {
  const policy = { attempts: SAVE_ATTEMPTS, retryOn: isConcurrent, delayMs: (attempt: number) => Math.random() * 10 * 2 ** Math.min(attempt, 5) };
  return retry(policy, async (attempt) => {
    const current = attempt === 1 && known !== undefined ? known : await getPromptItem(workspace, promptId);
    if (!current) throw new NotFoundError(PROMPT_NOT_FOUND);
    const { items, next, failures } = plan(workspace, current, decide(current));
    if (items.length) await transact(items, failures);
    return next;
  });
}

function plan(workspace: WorkspacePk, current: PromptItem, change: PromptChange) {
  const read = versionOf(current);
  const changed = change.content !== undefined && (change.always === true || !sameContent(contentOf(current), change.content));
  const set: Record<string, unknown> = { ...change.fields };
  if (changed)
    Object.assign(set, contentOf(change.content!), { version: read + 1, version_source: change.source ?? { kind: 'edit' }, version_by: change.by ?? null });
  if (changed || change.touch !== false) set.updated_at = new Date().toISOString();
  const renamed = change.slug !== undefined && change.slug !== current.slug;
  if (renamed) set.slug = change.slug;
  if (change.labels) Object.assign(set, { labels: change.labels, labels_rev: (current.labels_rev ?? 0) + 1 });
  const next = { ...current, ...set } as PromptItem;
  const names = Object.keys(set);
  if (!names.length) return { items: [] as Tx[], next, failures: {} };

  const items: Tx[] = [
    {
      Update: {
        TableName: TABLE,
        Key: promptKeys.prompt(workspace, current.id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        // Items saved before version history have no version: they are version 1.
        ConditionExpression: current.version === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#ver)' : 'attribute_exists(pk) AND #ver = :read',
        ExpressionAttributeNames: { '#ver': 'version', ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
        ExpressionAttributeValues: {
          ...(current.version === undefined ? {} : { ':read': read }),
          ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
        },
      },
    },
  ];
  const failures: Record<number, () => Error> = { 0: () => new StaleRead() };
  if (change.labels) {
    // Conditioned on the labels read too: of two concurrent label changes one re-reads and retries.
    const update = items[0]!.Update!;
    update.ConditionExpression += current.labels_rev === undefined ? ' AND attribute_not_exists(#lrev)' : ' AND #lrev = :lrev';
    update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#lrev': 'labels_rev' };
    if (current.labels_rev !== undefined) update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':lrev': current.labels_rev };
  }
  for (const { item, error } of change.extra ?? []) {
    if (error) failures[items.length] = error;
    items.push(item);
  }
  if (renamed) {
    // The update is also conditioned on the slug read: of two concurrent renames one fails and retries.
    const update = items[0]!.Update!;
    update.ConditionExpression += current.slug === undefined ? ' AND attribute_not_exists(#slug)' : ' AND #slug = :oldSlug';
    update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#slug': 'slug' };
    if (current.slug !== undefined) update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':oldSlug': current.slug };
    failures[items.length] = () => new ConflictError(SLUG_TAKEN);
    items.push(slugClaim(workspace, change.slug!, current.id));
    if (current.slug) items.push(slugRelease(workspace, current.slug, current.id));
  }
  if (change.categoryId) {
    failures[items.length] = () => new NotFoundError(CATEGORY_NOT_FOUND);
    items.push(categoryExists(workspace, change.categoryId));
  }
  if (changed) {
    const snapshot: VersionItem = {
      prompt_id: current.id,
      version: read,
      ...contentOf(current),
      saved_at: current.updated_at,
      source: sourceOf(current),
      ...(current.version_by ? { by: current.version_by } : {}),
    };
    items.push({ Put: { TableName: TABLE, Item: { ...promptKeys.version(workspace, current.id, read), type: 'prompt_version', ...snapshot } } });
    const dropped = read + 1 - VERSIONS_MAX;
    // A labelled version stays beyond the cap (until its last label leaves it: setLabel).
    if (dropped >= 1 && !Object.values(current.labels ?? {}).includes(dropped))
      items.push({ Delete: { TableName: TABLE, Key: promptKeys.version(workspace, current.id, dropped) } });
  }
  return { items, next, failures };
}

/** PUT /prompts/{id} in its full form: every field; an edit (or accepted enhancement) of the content. */
export function savePrompt(
  workspace: WorkspacePk,
  promptId: string,
  input: z.infer<typeof PromptReplace>,
  known: PromptItem | null | undefined,
  by: Author,
): Promise<PromptItem> {
  const { title, body, tasks, industries, category_id, is_favorite, source = 'edit', slug } = input;
  return changePrompt(
    workspace,
    promptId,
    () => ({
      content: { title, body, tasks, industries },
      source: { kind: source },
      by,
      fields: { category_id, ...(is_favorite === undefined ? {} : { is_favorite }) },
      categoryId: category_id,
      ...(slug === undefined ? {} : { slug }),
    }),
    known,
  );
}

/** Access pattern: a prompt's snapshots, newest first (one Query on the VERSION#<id># prefix). */
function querySnapshots(workspace: WorkspacePk, promptId: string, projection?: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': promptKeys.versionPrefix(promptId) },
    ScanIndexForward: false,
    ConsistentRead: true,
    ...(projection ? { ProjectionExpression: projection } : {}),
  });
}

/** The label names pinned to `version`, sorted. */
export const labelsAt = (labels: Record<string, number> | undefined, version: number) =>
  Object.entries(labels ?? {})
    .filter(([, v]) => v === version)
    .map(([name]) => name)
    .sort();

const toVersion = (
  v: PromptContent & { version: number; saved_at: string; source: VersionSource; by?: Author | null },
  current: boolean,
  labels: Record<string, number> | undefined,
): PromptVersion => ({
  version: v.version,
  ...contentOf(v),
  saved_at: v.saved_at,
  source: v.source,
  // The author's name only: user ids stay internal.
  ...(v.by ? { by: { name: v.by.name } } : {}),
  current,
  ...withLabels(labelsAt(labels, v.version)),
});
const withLabels = (names: string[]) => (names.length ? { labels: names } : {});

/** Every version of a prompt, the current one first, then the older ones newest first. */
export async function listVersions(workspace: WorkspacePk, promptId: string): Promise<PromptVersion[]> {
  const [prompt, snapshots] = await Promise.all([getPromptItem(workspace, promptId), querySnapshots(workspace, promptId)]);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  const version = versionOf(prompt);
  // A save between the two reads may have left a snapshot of the version read as current.
  const older = (snapshots as unknown as VersionItem[]).filter((s) => s.version < version);
  return [
    toVersion({ ...prompt, version, saved_at: prompt.updated_at, source: sourceOf(prompt), by: prompt.version_by }, true, prompt.labels),
    ...older.map((s) => toVersion(s, false, prompt.labels)),
  ];
}

/** A version number from a path, or null when it cannot name one. */
export const versionParam = (value: string | undefined) => (/^[1-9]\d{0,5}$/.test(value ?? '') ? Number(value) : null);

/** For a route's `preload` (http.ts): the prompt and the snapshot named by the path's `id` and `version`. */
export const restorePreload = {
  ...promptPreload,
  snapshot: ({ params, workspace }: PreloadInput<'id' | 'version'>) => {
    const version = versionParam(params.version);
    return version === null ? undefined : promptKeys.version(workspace, params.id, version);
  },
};

/**
 * Makes an earlier version's content current again, as a new version (nothing is overwritten).
 * `known`: the prompt and the snapshot as the route preloaded them (strongly), else both are read.
 */
export async function restoreVersion(
  workspace: WorkspacePk,
  promptId: string,
  version: number,
  known: { prompt: Record<string, unknown> | undefined; snapshot: Record<string, unknown> | undefined } | undefined,
  by: Author,
): Promise<PromptItem> {
  const [prompt, snapshot] = known
    ? [promptFrom(known.prompt), known.snapshot as VersionItem | undefined]
    : await Promise.all([
        getPromptItem(workspace, promptId),
        db
          .send(new GetCommand({ TableName: TABLE, Key: promptKeys.version(workspace, promptId, version), ConsistentRead: true }))
          .then((r) => r.Item as VersionItem | undefined),
      ]);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  const alreadyCurrent = () => new BadRequestError(`Version ${version} is already the current version.`);
  if (versionOf(prompt) === version) throw alreadyCurrent();
  if (!snapshot) throw new NotFoundError(VERSION_NOT_FOUND);
  return changePrompt(
    workspace,
    promptId,
    (current) => {
      if (versionOf(current) === version) throw alreadyCurrent();
      return { content: contentOf(snapshot), source: { kind: 'restore', version }, by, always: true };
    },
    prompt,
  );
}

/** The most items DynamoDB takes in one TransactWriteItems. */
const TRANSACTION_ITEMS_MAX = 100;

/**
 * Deletes a prompt with all that is its: its snapshots, slug claim, share link and plan slot, in one
 * transaction (all or nothing), so no fault can leave history of a deleted prompt behind. The
 * prompt's delete is conditioned on the version, slug and share link read: a change that slips in
 * between fails it, and the prompt and its snapshots are read again. The window (VERSIONS_MAX plus
 * labelled versions, at most LABELS_MAX) keeps a prompt well within one transaction; should one
 * ever hold more, the oldest snapshots go first, before the prompt, so a fault leaves the prompt
 * in place and the retry finishes. A retry after a delete that stopped half way (the prompt gone,
 * snapshots left) deletes what is left and succeeds; with nothing left at all it is 404.
 */
export async function deletePrompt(workspace: WorkspacePk, promptId: string, known: PromptItem | null | undefined): Promise<void> {
  const changed = new Error('prompt changed meanwhile');
  const policy = {
    attempts: 5,
    retryOn: (error: unknown) => error === changed,
    exhausted: () => new ConflictError('This prompt was changed by another request. Please reload and try again.'),
  };
  await retry(policy, async (attempt) => {
    const [prompt, snapshots] = await Promise.all([attempt === 1 ? known : getPromptItem(workspace, promptId), querySnapshots(workspace, promptId, 'pk, sk')]);
    const snapshotDeletes: Tx[] = snapshots.map((s) => ({ Delete: { TableName: TABLE, Key: { pk: s.pk, sk: s.sk } } }));
    if (!prompt) {
      if (!snapshots.length) throw new NotFoundError(PROMPT_NOT_FOUND);
      await batchWrite(snapshots.map((s) => ({ DeleteRequest: { Key: { pk: s.pk, sk: s.sk } } })));
      return;
    }
    // Conditioned on what was read: a save, a slug edit or a share that slips in re-reads.
    const pinned = { '#ver': ['version', prompt.version], '#slug': ['slug', prompt.slug], '#share': ['share_token', prompt.share_token] } as const;
    const entries = Object.entries(pinned);
    const own: Tx[] = [
      {
        Delete: {
          TableName: TABLE,
          Key: promptKeys.prompt(workspace, promptId),
          // Prompts saved before version history have no version; most have no share link.
          ConditionExpression: [
            'attribute_exists(pk)',
            ...entries.map(([n, [, v]]) => (v === undefined ? `attribute_not_exists(${n})` : `${n} = :${n.slice(1)}`)),
          ].join(' AND '),
          ExpressionAttributeNames: Object.fromEntries(entries.map(([n, [name]]) => [n, name])),
          ...(entries.some(([, [, v]]) => v !== undefined)
            ? { ExpressionAttributeValues: Object.fromEntries(entries.filter(([, [, v]]) => v !== undefined).map(([n, [, v]]) => [`:${n.slice(1)}`, v])) }
            : {}),
        },
      },
      releaseSlot(holderOf(workspace), 'max_prompts'),
      ...(prompt.slug === undefined ? [] : [slugRelease(workspace, prompt.slug, promptId)]),
      // Its share link (outside the workspace) goes with it.
      ...(prompt.share_token ? [{ Delete: { TableName: TABLE, Key: shareKey(prompt.share_token) } }] : []),
    ];
    // Newest first: what does not fit is the oldest.
    const room = TRANSACTION_ITEMS_MAX - own.length;
    const overflow = snapshots.slice(room);
    await batchWrite(overflow.map((s) => ({ DeleteRequest: { Key: { pk: s.pk, sk: s.sk } } })));
    await transact([...own, ...snapshotDeletes.slice(0, room)], { 0: () => changed });
  });
}

/** The public shape of one prompt as just written, with its category's name (one GetItem). */
export async function promptView(workspace: WorkspacePk, prompt: PromptItem, extra: Partial<Prompt> = {}): Promise<Prompt> {
  return { ...toPrompt(prompt, categoryNames(prompt.category_id, await categoryName(workspace, prompt.category_id))), ...extra };
}

/**
 * The public shape of the prompt a write returns, for writes that keep the category (a restore, a
 * pull): its name is read alongside the write, from the category of the prompt as read before it,
 * so the answer costs no round trip of its own. Should a concurrent save have moved the prompt to
 * another category meanwhile, that one's name is read after.
 */
export async function promptViewAlongside(
  workspace: WorkspacePk,
  read: PromptItem | null,
  write: Promise<PromptItem>,
  extra: Partial<Prompt> = {},
): Promise<Prompt> {
  const categoryId = read?.category_id ?? null;
  const [prompt, name] = await Promise.all([write, categoryName(workspace, categoryId)]);
  if ((prompt.category_id ?? null) !== categoryId) return promptView(workspace, prompt, extra);
  return { ...toPrompt(prompt, categoryNames(categoryId, name)), ...extra };
}

// ---- Labels -------------------------------------------------------------------------------------
/**
 * Labels pin a name (`production`, `staging`, any lower-case name) to one version of a prompt; the
 * registry, the SDK and MCP fetch by label. They live on the prompt item (`labels`), changed with
 * changePrompt, so a label change and a save never cross. A labelled snapshot is never dropped by
 * the version cap; when the last label leaves a snapshot beyond the cap, that snapshot goes in the
 * same transaction.
 */
export const LABEL_NOT_FOUND = 'Label not found.';

const labelsOf = (item: { labels?: Record<string, number> }) => ({ ...(item.labels ?? {}) });

/** Pins `label` to `version` (null: removes it). `known`: the prompt as the route preloaded it. */
export async function setLabel(
  workspace: WorkspacePk,
  promptId: string,
  label: string,
  version: number | null,
  known: Item | undefined,
): Promise<Record<string, number>> {
  const written = await changePrompt(
    workspace,
    promptId,
    (current) => {
      const labels = labelsOf(current);
      const before = labels[label];
      const latest = versionOf(current);
      const extra: { item: Tx; error?: () => Error }[] = [];
      if (version === null) {
        if (before === undefined) throw new NotFoundError(LABEL_NOT_FOUND);
        delete labels[label];
      } else {
        if (version > latest) throw new NotFoundError(VERSION_NOT_FOUND);
        if (before === undefined && Object.keys(labels).length >= LABELS_MAX) throw new BadRequestError(`A prompt can have at most ${LABELS_MAX} labels.`);
        labels[label] = version;
        if (version < latest) {
          extra.push({
            item: { ConditionCheck: { TableName: TABLE, Key: promptKeys.version(workspace, promptId, version), ConditionExpression: 'attribute_exists(pk)' } },
            error: () => new NotFoundError(VERSION_NOT_FOUND),
          });
        }
      }
      // The label leaves a snapshot beyond the cap that no other label holds: it goes now.
      if (before !== undefined && before !== labels[label] && before <= latest - VERSIONS_MAX && !Object.values(labels).includes(before)) {
        extra.push({ item: { Delete: { TableName: TABLE, Key: promptKeys.version(workspace, promptId, before) } } });
      }
      return { labels, extra, touch: false };
    },
    promptFrom(known),
  );
  return written.labels ?? {};
}
