import { CONTENT_EXTRAS } from '@shared/chat';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import { VERSIONS_MAX, type VersionSource } from '@shared/contract/versions';
import type { Tier } from '@shared/tiers';
import { ConflictError, NotFoundError } from '../http/errors';
import { categoryExists } from './category';
import { batchWrite, beginsWith, getItem } from './db';
import { type PreloadInput, VERSIONS_SK, type WorkspacePk } from './keys';
import { contentOf, type PromptContent, sameContent } from './prompt-content';
import { lostToConcurrentWrite, retry } from './retry';
import { shareParts } from './share';
import { SLUG_TAKEN, slugParts } from './slugs';
import { failing, type Part, transact, write } from './transactions';
import { type Author, holderParts } from './workspace';

/** The sk prefix of every prompt item of a workspace. */
export const PROMPT_SK = 'PROMPT#';
/** A prompt's keys and its versions' (docs/data-model.md, "Items"): in its workspace's partition. */
export const promptKeys = {
  prompt: (workspace: WorkspacePk, promptId: string) => ({ pk: workspace as string, sk: `${PROMPT_SK}${promptId}` }),
  version: (workspace: WorkspacePk, promptId: string, version: number) => ({
    pk: workspace as string,
    sk: `${VERSIONS_SK}${promptId}#${String(version).padStart(6, '0')}`,
  }),
  /** Every version snapshot of one prompt starts with this sk. */
  versionPrefix: (promptId: string) => `${VERSIONS_SK}${promptId}#`,
};

/**
 * The prompt entity: the prompt item and its version snapshots, which only this module writes
 * (changePrompt; versions.ts saves, lists and restores versions and labels.ts pins labels through
 * it; how history is kept is described in versions.ts). Other modules' transactions get
 * `promptParts` and `versionParts`.
 */

/** The prompt entity as stored (docs/data-model.md, "Items"). */
export interface PromptItem {
  id: string;
  title: string;
  /** Chat prompts only (absent: text); their body is derived from `messages` (shared/chat.ts). */
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  /** The model settings, when any are set. */
  config?: ModelConfig;
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
  /** Its examples (examples.ts), counted against the plan's per-prompt limit. */
  examples_used?: number;
  /** The suite revision: moves with every change of its examples or checks (an evaluation on an older one is stale). */
  suite_rev?: number;
  /** Protected labels: what a label move needs (use-cases/labels.ts). */
  label_protection?: Record<string, { require_checks: boolean; min_pass_rate: number; require_review?: boolean }>;
  /** The last moves of protected labels: who moved each, and whether an owner forced it past the gate. */
  label_log?: LabelMove[];
}

export interface LabelMove {
  label: string;
  version: number;
  by: Author;
  at: string;
  forced: boolean;
}
export const PROMPT_NOT_FOUND = 'Prompt not found.';
export { contentOf, type PromptContent, sameContent };

/** The put of a new prompt item (use-cases/prompts.ts createPrompt, and imports). */
export const promptPut = (workspace: WorkspacePk, prompt: PromptItem): Part => ({
  put: { Item: { ...promptKeys.prompt(workspace, prompt.id), type: 'prompt', ...prompt }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** The favourite toggle: one conditional update. */
export async function setFavorite(workspace: WorkspacePk, promptId: string, isFavorite: boolean): Promise<void> {
  await write({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'SET is_favorite = :f',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':f': isFavorite },
    },
    onFail: () => new NotFoundError(PROMPT_NOT_FOUND),
  });
}

/** Access pattern: a workspace's prompt items (one Query on the PROMPT# range), with `projection` when given. */
export const listPromptItems = (workspace: WorkspacePk, projection?: string) =>
  beginsWith(workspace, PROMPT_SK, projection ? { ProjectionExpression: projection } : {}) as Promise<unknown[]> as Promise<PromptItem[]>;

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

/** A prompt from an item as read (a route's `preload`), if it is one; null otherwise. */
export const promptFrom = (item: Record<string, unknown> | undefined) => (item?.type === 'prompt' ? (item as unknown as PromptItem) : null);

/** For a route's `preload` (http/authenticate.ts): the caller's own prompt named by the path's `id`. */
export const promptPreload = { prompt: ({ params, workspace }: PreloadInput<'id'>) => promptKeys.prompt(workspace, params.id) };

/** Access pattern: one prompt by id, read strongly so a save conditions on the latest version. */
export async function getPromptItem(workspace: WorkspacePk, promptId: string): Promise<PromptItem | undefined> {
  return promptFrom(await getItem(promptKeys.prompt(workspace, promptId), { consistent: true })) ?? undefined;
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
  fields?: Partial<Pick<PromptItem, 'category_id' | 'is_favorite' | 'forked_revision' | 'forked_tier' | 'label_log'>>;
  /** The category that must exist in the workspace (404 otherwise). */
  categoryId?: string | null;
  /** Move updated_at even when the content stays (default true: an edit of the prompt). */
  touch?: boolean;
  /** A new slug: claimed in the same transaction, the old one freed (409 when another prompt has it). */
  slug?: string;
  /** The whole new labels map (setLabel, below), written only if no other label change landed meanwhile. */
  labels?: Record<string, number>;
  /** More parts for the same transaction (a label's version check, a snapshot freed), each with its onFail. */
  extra?: Part[];
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
    const { parts, next } = plan(workspace, current, decide(current));
    if (parts.length) await transact(parts);
    return next;
  });
}

function plan(workspace: WorkspacePk, current: PromptItem, change: PromptChange) {
  const read = versionOf(current);
  const changed = change.content !== undefined && (change.always === true || !sameContent(contentOf(current), change.content));
  const set: Record<string, unknown> = { ...change.fields };
  const content = changed ? contentOf(change.content!) : undefined;
  if (content) Object.assign(set, content, { version: read + 1, version_source: change.source ?? { kind: 'edit' }, version_by: change.by ?? null });
  // What the new content leaves out goes (a chat prompt's messages when it becomes text, settings cleared).
  const removed = content ? CONTENT_EXTRAS.filter((name) => !(name in content) && current[name] !== undefined) : [];
  if (changed || change.touch !== false) set.updated_at = new Date().toISOString();
  const renamed = change.slug !== undefined && change.slug !== current.slug;
  if (renamed) set.slug = change.slug;
  if (change.labels) Object.assign(set, { labels: change.labels, labels_rev: (current.labels_rev ?? 0) + 1 });
  const next = { ...current, ...set } as PromptItem;
  for (const name of removed) delete next[name];
  const names = Object.keys(set);
  if (!names.length) return { parts: [] as Part[], next };

  const update = {
    Key: promptKeys.prompt(workspace, current.id),
    UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${removed.length ? ` REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
    // Items saved before version history have no version: they are version 1.
    ConditionExpression: current.version === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#ver)' : 'attribute_exists(pk) AND #ver = :read',
    ExpressionAttributeNames: {
      '#ver': 'version',
      ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ...Object.fromEntries(removed.map((n, i) => [`#r${i}`, n])),
    } as Record<string, string>,
    ExpressionAttributeValues: {
      ...(current.version === undefined ? {} : { ':read': read }),
      ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
    } as Record<string, unknown>,
  };
  const parts: Part[] = [{ update, onFail: () => new StaleRead() }];
  if (change.labels) {
    // Conditioned on the labels read too: of two concurrent label changes one re-reads and retries.
    update.ConditionExpression += current.labels_rev === undefined ? ' AND attribute_not_exists(#lrev)' : ' AND #lrev = :lrev';
    update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#lrev': 'labels_rev' };
    if (current.labels_rev !== undefined) update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':lrev': current.labels_rev };
  }
  parts.push(...(change.extra ?? []));
  if (renamed) {
    // The update is also conditioned on the slug read: of two concurrent renames one fails and retries.
    update.ConditionExpression += current.slug === undefined ? ' AND attribute_not_exists(#slug)' : ' AND #slug = :oldSlug';
    update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#slug': 'slug' };
    if (current.slug !== undefined) update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':oldSlug': current.slug };
    parts.push(failing(slugParts.claim(workspace, change.slug!, current.id), () => new ConflictError(SLUG_TAKEN)));
    if (current.slug) parts.push(slugParts.release(workspace, current.slug, current.id));
  }
  if (change.categoryId) parts.push(categoryExists(workspace, change.categoryId));
  if (changed) {
    const snapshot: VersionItem = {
      prompt_id: current.id,
      version: read,
      ...contentOf(current),
      saved_at: current.updated_at,
      source: sourceOf(current),
      ...(current.version_by ? { by: current.version_by } : {}),
    };
    parts.push(versionParts.put(workspace, snapshot));
    const dropped = read + 1 - VERSIONS_MAX;
    // A labelled version stays beyond the cap (until its last label leaves it: setLabel).
    if (dropped >= 1 && !Object.values(current.labels ?? {}).includes(dropped)) parts.push(versionParts.drop(workspace, current.id, dropped));
  }
  return { parts, next };
}

/** Access pattern: a prompt's snapshots, newest first (one Query on the VERSION#<id># prefix). */
export function querySnapshots(workspace: WorkspacePk, promptId: string, projection?: string): Promise<Record<string, unknown>[]> {
  return beginsWith(workspace, promptKeys.versionPrefix(promptId), {
    ScanIndexForward: false,
    ConsistentRead: true,
    ...(projection ? { ProjectionExpression: projection } : {}),
  });
}

/** The most items DynamoDB takes in one TransactWriteItems. */
const TRANSACTION_ITEMS_MAX = 100;

/**
 * Deletes a prompt with all that is its: snapshots, slug claim, share link, plan slot and `withIt`
 * (other modules' parts: its checks), in one transaction, so no fault leaves history of a deleted
 * prompt behind. The delete is conditioned on the version, slug and share link read: a change that
 * slips in fails it, and all is read again. The window (VERSIONS_MAX plus labelled versions, at most
 * LABELS_MAX) keeps a prompt within one transaction; should one hold more, the oldest snapshots go
 * first, so a fault leaves the prompt in place and the retry finishes. A retry after a delete that
 * stopped half way deletes what is left and succeeds; with nothing left at all it is 404.
 */
export async function deletePrompt(workspace: WorkspacePk, promptId: string, known: PromptItem | null | undefined, withIt: Part[] = []): Promise<void> {
  const changed = new Error('prompt changed meanwhile');
  const policy = {
    attempts: 5,
    retryOn: (error: unknown) => error === changed,
    exhausted: () => new ConflictError('This prompt was changed by another request. Please reload and try again.'),
  };
  await retry(policy, async (attempt) => {
    const [prompt, snapshots] = await Promise.all([attempt === 1 ? known : getPromptItem(workspace, promptId), querySnapshots(workspace, promptId, 'pk, sk')]);
    const snapshotDeletes: Part[] = snapshots.map((s) => ({ delete: { Key: { pk: String(s.pk), sk: String(s.sk) } } }));
    if (!prompt) {
      if (!snapshots.length) throw new NotFoundError(PROMPT_NOT_FOUND);
      await batchWrite(snapshots.map((s) => ({ DeleteRequest: { Key: { pk: s.pk, sk: s.sk } } })));
      return;
    }
    // Conditioned on what was read: a save, a slug edit or a share that slips in re-reads.
    const pinned = { '#ver': ['version', prompt.version], '#slug': ['slug', prompt.slug], '#share': ['share_token', prompt.share_token] } as const;
    const entries = Object.entries(pinned);
    const own: Part[] = [
      {
        delete: {
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
        onFail: () => changed,
      },
      holderParts.releaseSlot(workspace, 'max_prompts'),
      ...(prompt.slug === undefined ? [] : [slugParts.release(workspace, prompt.slug, promptId)]),
      // Its share link (outside the workspace) goes with it.
      ...(prompt.share_token ? [shareParts.remove(prompt.share_token)] : []),
      ...withIt,
    ];
    // Newest first: what does not fit is the oldest.
    const room = TRANSACTION_ITEMS_MAX - own.length;
    const overflow = snapshots.slice(room);
    await batchWrite(overflow.map((s) => ({ DeleteRequest: { Key: { pk: s.pk, sk: s.sk } } })));
    await transact([...own, ...snapshotDeletes.slice(0, room)]);
  });
}

/** Writes of the prompt item for other modules' transactions. */
export const promptParts = {
  /** A share token, only while it has none; with `version`, only while the content is still the one the caller judged. */
  share: (workspace: WorkspacePk, promptId: string, token: string, version?: number | null): Part => ({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'SET share_token = :t',
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(share_token)${
        version === undefined ? '' : version === null ? ' AND attribute_not_exists(#v)' : ' AND #v = :v'
      }`,
      ...(version === undefined ? {} : { ExpressionAttributeNames: { '#v': 'version' } }),
      ExpressionAttributeValues: { ':t': token, ...(typeof version === 'number' ? { ':v': version } : {}) },
    },
  }),
  /** The token removed, only while it is still the one read. */
  unshare: (workspace: WorkspacePk, promptId: string, token: string): Part => ({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'REMOVE share_token',
      ConditionExpression: 'share_token = :t',
      ExpressionAttributeValues: { ':t': token },
    },
  }),
  /**
   * The suite changed (examples.ts, checks.ts): `examples` more (or fewer) examples, conditioned
   * on `limit` when it grows; the suite revision moves either way.
   */
  suite: (workspace: WorkspacePk, promptId: string, examples: number, limit: number | null): Part => ({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'ADD examples_used :n, suite_rev :one',
      ConditionExpression:
        limit === null || examples <= 0 ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(examples_used) OR examples_used <= :room)',
      ExpressionAttributeValues: { ':n': examples, ':one': 1, ...(limit === null || examples <= 0 ? {} : { ':room': limit - examples }) },
    },
  }),
  /** Label protection: the whole map written, only while it is still the map read (`before`). */
  protect: (workspace: WorkspacePk, promptId: string, before: PromptItem['label_protection'], after: NonNullable<PromptItem['label_protection']>): Part => ({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'SET label_protection = :after',
      ConditionExpression: before ? 'attribute_exists(pk) AND label_protection = :before' : 'attribute_exists(pk) AND attribute_not_exists(label_protection)',
      ExpressionAttributeValues: { ':after': after, ...(before ? { ':before': before } : {}) },
    },
  }),
  /** A slug for a prompt saved before slugs, only while it has none (migrations/backfill-slugs.ts). */
  giveSlug: (workspace: WorkspacePk, promptId: string, slug: string): Part => ({
    update: {
      Key: promptKeys.prompt(workspace, promptId),
      UpdateExpression: 'SET slug = :s',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(slug)',
      ExpressionAttributeValues: { ':s': slug },
    },
  }),
};

/** Writes of version items, for this module's saves, labels.ts and imports. */
export const versionParts = {
  /** A snapshot kept (a save's previous content, or an imported prompt's earlier versions: transfer-import.ts). */
  put: (workspace: WorkspacePk, v: VersionItem): Part => ({
    put: { Item: { ...promptKeys.version(workspace, v.prompt_id, v.version), type: 'prompt_version', ...v } },
  }),
  /** A snapshot leaves (dropped by the cap, or its last label left it beyond the cap). */
  drop: (workspace: WorkspacePk, promptId: string, version: number): Part => ({ delete: { Key: promptKeys.version(workspace, promptId, version) } }),
  /** The version must still exist (a label pinned to it). */
  exists: (workspace: WorkspacePk, promptId: string, version: number): Part => ({
    check: { Key: promptKeys.version(workspace, promptId, version), ConditionExpression: 'attribute_exists(pk)' },
  }),
};
