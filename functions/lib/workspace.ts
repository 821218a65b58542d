import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Category, Prompt, PromptInput } from '@shared/contract/prompts';
import type { VersionSource } from '@shared/contract/versions';
import type { Tier } from '@shared/tiers';
import { collator } from './collator';
import { TABLE, db, queryAll } from './db';
import { conditionFailed } from './retry';
import { NotFoundError } from './errors';
import { VERSIONS_SK, keys } from './keys';
import { type NamedKind, createNamed, deleteNamed, getNamed, namedFrom, namedKey, updateNamed } from './named-items';
import { SlugTaken, slugClaim, withNewSlug } from './slugs';
import { type Tx, claimSlot, limitError, transact } from './transactions';
import type { Item, UserRecord } from './users';

/** Stored shapes of the workspace items (see keys.ts for the layout). */
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
  /** Where the current content came from (see versions.ts). */
  version_source?: VersionSource;
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
export interface CategoryItem {
  id: string;
  name: string;
  created_at: string;
}

export interface Workspace {
  prompts: PromptItem[];
  categories: CategoryItem[];
  /** Every other item of the partition (snippets, profile...), by type, for later features. */
  items: Record<string, unknown>[];
}

/** Access pattern: a user's whole workspace in one Query (paged past 1 MB), without version history (keys.ts). */
export async function loadWorkspace(userId: string): Promise<Workspace> {
  const workspace: Workspace = { prompts: [], categories: [], items: [] };
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk < :versions',
    ExpressionAttributeValues: { ':pk': keys.workspace(userId), ':versions': VERSIONS_SK },
  });
  for (const item of items) {
    if (item.type === 'prompt') workspace.prompts.push(item as unknown as PromptItem);
    else if (item.type === 'category') workspace.categories.push(item as unknown as CategoryItem);
    else workspace.items.push(item);
  }
  return workspace;
}

/** Public prompt shapes with category names resolved; a missing category reads as uncategorised. */
export function toPrompts(workspace: Pick<Workspace, 'prompts' | 'categories'>): Prompt[] {
  const names = new Map(workspace.categories.map((c) => [c.id, c.name]));
  return workspace.prompts
    .map((p) => toPrompt(p, names))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

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

export function toCategories(workspace: Pick<Workspace, 'prompts' | 'categories'>): Category[] {
  const counts = new Map<string, number>();
  for (const p of workspace.prompts) if (p.category_id) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
  return workspace.categories
    .map((c) => ({ id: c.id, name: c.name, prompt_count: counts.get(c.id) ?? 0 }))
    .sort((a, b) => collator.compare(a.name, b.name));
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

export const categoryExists = (userId: string, categoryId: string): Tx => ({
  ConditionCheck: { TableName: TABLE, Key: keys.category(userId, categoryId), ConditionExpression: 'attribute_exists(pk)' },
});

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const PROMPT_NOT_FOUND = 'Prompt not found.';

/** Creates a prompt within the plan limit (fork uses this too), with a slug of its own made from the title. */
export async function createPrompt(
  user: UserRecord,
  input: PromptInput & Pick<PromptItem, 'forked_from' | 'forked_revision' | 'version_source' | 'forked_tier'>,
): Promise<PromptItem> {
  const now = new Date().toISOString();
  const id = randomUUID();
  return withNewSlug(user.id, input.title, async (slug) => {
    const prompt: PromptItem = { id, ...input, slug, version: 1, version_source: input.version_source ?? { kind: 'create' }, created_at: now, updated_at: now };
    const items: Tx[] = [
      claimSlot(user, 'max_prompts'),
      { Put: { TableName: TABLE, Item: { ...keys.prompt(user.id, prompt.id), type: 'prompt', ...prompt }, ConditionExpression: 'attribute_not_exists(pk)' } },
      slugClaim(user.id, slug, prompt.id),
    ];
    if (prompt.category_id) items.push(categoryExists(user.id, prompt.category_id));
    await transact(items, { 0: limitError(user, 'max_prompts'), 2: () => new SlugTaken(), 3: () => new NotFoundError(CATEGORY_NOT_FOUND) });
    return prompt;
  });
}

/* Replacing a prompt's fields keeps its earlier content as a version: see savePrompt in versions.ts. */

/** The favourite toggle: one conditional update. */
export async function setFavorite(userId: string, promptId: string, isFavorite: boolean): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.prompt(userId, promptId),
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

/** Categories: names unique per user, counted against max_categories. */
export const CATEGORY: NamedKind = {
  type: 'category',
  limit: 'max_categories',
  nameField: 'name',
  itemSk: 'CATEGORY',
  claimSk: 'CATNAME',
  notFound: CATEGORY_NOT_FOUND,
  nameTaken: 'A category with this name already exists.',
};

export const getCategory = (userId: string, categoryId: string) => getNamed<CategoryItem>(CATEGORY, userId, categoryId);

/** For a route's `preload` (http.ts): the caller's own category named by the path's `id`. */
export const categoryPreload = { category: namedKey(CATEGORY) };
/** The category as the route preloaded it; 404 when there is none. */
export const categoryFrom = (item: Item | undefined) => namedFrom<CategoryItem>(CATEGORY, item);

/**
 * Access pattern: one category's name (GetItem; null without a category or when it is gone). Read
 * strongly, alongside a write that checks the category itself (`categoryExists`): the answer then
 * costs no round trip of its own, and a category made a moment ago is found.
 */
export async function categoryName(userId: string, categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const { Item } = await db.send(
    new GetCommand({ TableName: TABLE, Key: keys.category(userId, categoryId), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' }, ConsistentRead: true }),
  );
  return (Item?.name as string | undefined) ?? null;
}

/** Names for toPrompt of one prompt. */
export const categoryNames = (categoryId: string | null | undefined, name: string | null) => new Map(categoryId && name ? [[categoryId, name]] : []);

export async function createCategory(user: UserRecord, name: string): Promise<CategoryItem> {
  const category: CategoryItem = { id: randomUUID(), name, created_at: new Date().toISOString() };
  await createNamed(CATEGORY, user, { ...category });
  return category;
}

export const renameCategory = (userId: string, category: CategoryItem, name: string) => updateNamed(CATEGORY, userId, { ...category }, { name });

/** Deletes a category; its prompts read as uncategorised from then on (see keys.ts). */
export const deleteCategory = (userId: string, category: CategoryItem) => deleteNamed(CATEGORY, userId, { ...category });
