import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Category, Prompt, PromptInput } from '@shared/contract/prompts';
import { type LimitKind, limitFor, limitMessage } from '@shared/tiers';
import { TABLE, cancellationCodes, db, transactWithRetry } from './db';
import { ConflictError, ForbiddenError, NotFoundError } from './errors';
import { keys } from './keys';
import { COUNTERS, type UserRecord } from './users';

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

type Tx = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Access pattern: a user's whole workspace in one Query (paged past 1 MB). */
export async function loadWorkspace(userId: string): Promise<Workspace> {
  const workspace: Workspace = { prompts: [], categories: [], items: [] };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.workspace(userId) }, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) {
      if (item.type === 'prompt') workspace.prompts.push(item as PromptItem);
      else if (item.type === 'category') workspace.categories.push(item as CategoryItem);
      else workspace.items.push(item);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
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
  };
}

export function toCategories(workspace: Pick<Workspace, 'prompts' | 'categories'>): Category[] {
  const counts = new Map<string, number>();
  for (const p of workspace.prompts) if (p.category_id) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
  return workspace.categories
    .map((c) => ({ id: c.id, name: c.name, prompt_count: counts.get(c.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** Distinct tasks and industries across prompts, sorted, for the filter lists. */
export function collectFilters(prompts: Pick<PromptItem, 'tasks' | 'industries'>[]) {
  const tasks = new Set<string>();
  const industries = new Set<string>();
  for (const p of prompts) {
    p.tasks?.forEach((t) => tasks.add(t));
    p.industries?.forEach((i) => industries.add(i));
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  return { tasks: sorted(tasks), industries: sorted(industries) };
}

/**
 * The counter increment that guards a plan limit, as a transaction item: it fails its condition
 * when the user is at the limit, so concurrent creates can never pass it together.
 */
export function claimSlot(user: UserRecord, kind: LimitKind): Tx {
  const limit = limitFor(user.access_tier, kind);
  const counter = COUNTERS[kind];
  return {
    Update: {
      TableName: TABLE,
      Key: keys.user(user.id),
      UpdateExpression: 'ADD #c :one',
      ConditionExpression: limit === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c < :limit)',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':one': 1, ...(limit === null ? {} : { ':limit': limit }) },
    },
  };
}

export function releaseSlot(userId: string, kind: LimitKind): Tx {
  return {
    Update: {
      TableName: TABLE,
      Key: keys.user(userId),
      UpdateExpression: 'ADD #c :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#c': COUNTERS[kind] },
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

const categoryExists = (userId: string, categoryId: string): Tx => ({
  ConditionCheck: { TableName: TABLE, Key: keys.category(userId, categoryId), ConditionExpression: 'attribute_exists(pk)' },
});

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const PROMPT_NOT_FOUND = 'Prompt not found.';

/**
 * Runs a transaction and turns failed conditions into the error of the item that failed,
 * e.g. `{0: limit error, 2: category not found}`.
 */
export async function transact(items: Tx[], failures: Record<number, () => Error>): Promise<void> {
  try {
    await transactWithRetry(() => db.send(new TransactWriteCommand({ TransactItems: items })));
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.findIndex((c) => c === 'ConditionalCheckFailed') ?? -1;
    if (failed >= 0 && failures[failed]) throw failures[failed]!();
    throw error;
  }
}

export const limitError = (user: UserRecord, kind: LimitKind) => () => new ForbiddenError(limitMessage(kind, limitFor(user.access_tier, kind) ?? 0));

/** Creates a prompt within the plan limit (fork uses this too). */
export async function createPrompt(user: UserRecord, input: PromptInput & { forked_from?: string }): Promise<PromptItem> {
  const now = new Date().toISOString();
  const prompt: PromptItem = { id: randomUUID(), ...input, created_at: now, updated_at: now };
  const items: Tx[] = [
    claimSlot(user, 'max_prompts'),
    { Put: { TableName: TABLE, Item: { ...keys.prompt(user.id, prompt.id), type: 'prompt', ...prompt }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (prompt.category_id) items.push(categoryExists(user.id, prompt.category_id));
  await transact(items, { 0: limitError(user, 'max_prompts'), 2: () => new NotFoundError(CATEGORY_NOT_FOUND) });
  return prompt;
}

/** Replaces a prompt's editable fields; the category must exist in the same workspace. */
export async function replacePrompt(userId: string, promptId: string, input: Omit<PromptInput, 'is_favorite'> & { is_favorite?: boolean }): Promise<void> {
  const fields: Record<string, unknown> = { ...input, updated_at: new Date().toISOString() };
  if (input.is_favorite === undefined) delete fields.is_favorite;
  const names = Object.keys(fields);
  const items: Tx[] = [
    {
      Update: {
        TableName: TABLE,
        Key: keys.prompt(userId, promptId),
        UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
      },
    },
  ];
  if (input.category_id) items.push(categoryExists(userId, input.category_id));
  await transact(items, { 0: () => new NotFoundError(PROMPT_NOT_FOUND), 1: () => new NotFoundError(CATEGORY_NOT_FOUND) });
}

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
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError(PROMPT_NOT_FOUND);
    throw error;
  }
}

export async function deletePrompt(userId: string, promptId: string): Promise<void> {
  await transact(
    [
      { Delete: { TableName: TABLE, Key: keys.prompt(userId, promptId), ConditionExpression: 'attribute_exists(pk)' } },
      releaseSlot(userId, 'max_prompts'),
    ],
    { 0: () => new NotFoundError(PROMPT_NOT_FOUND) },
  );
}

export async function getCategory(userId: string, categoryId: string): Promise<CategoryItem> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: keys.category(userId, categoryId) }));
  if (!Item) throw new NotFoundError(CATEGORY_NOT_FOUND);
  return Item as CategoryItem;
}

export const CATEGORY_NAME_TAKEN = 'A category with this name already exists.';

export async function createCategory(user: UserRecord, name: string): Promise<CategoryItem> {
  const category: CategoryItem = { id: randomUUID(), name, created_at: new Date().toISOString() };
  await transact(
    [
      claimSlot(user, 'max_categories'),
      { Put: { TableName: TABLE, Item: { ...keys.categoryName(user.id, name), type: 'category_name', category_id: category.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: TABLE, Item: { ...keys.category(user.id, category.id), type: 'category', ...category } } },
    ],
    { 0: limitError(user, 'max_categories'), 1: () => new ConflictError(CATEGORY_NAME_TAKEN) },
  );
  return category;
}

/** Renames a category, moving its name claim in the same transaction. */
export async function renameCategory(userId: string, category: CategoryItem, name: string): Promise<void> {
  const sameName = category.name.trim().toLowerCase() === name.trim().toLowerCase();
  const items: Tx[] = [
    {
      Update: {
        TableName: TABLE,
        Key: keys.category(userId, category.id),
        UpdateExpression: 'SET #n = :name',
        ConditionExpression: 'attribute_exists(pk) AND #n = :old',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':name': name, ':old': category.name },
      },
    },
  ];
  if (!sameName) {
    items.push(
      { Put: { TableName: TABLE, Item: { ...keys.categoryName(userId, name), type: 'category_name', category_id: category.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: TABLE, Key: keys.categoryName(userId, category.name) } },
    );
  }
  await transact(items, { 0: () => new ConflictError('The category was changed by another request. Please try again.'), 1: () => new ConflictError(CATEGORY_NAME_TAKEN) });
}

/** Deletes a category; its prompts read as uncategorised from then on (see keys.ts). */
export async function deleteCategory(userId: string, category: CategoryItem): Promise<void> {
  await transact(
    [
      { Delete: { TableName: TABLE, Key: keys.category(userId, category.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: TABLE, Key: keys.categoryName(userId, category.name) } },
      releaseSlot(userId, 'max_categories'),
    ],
    { 0: () => new NotFoundError(CATEGORY_NOT_FOUND) },
  );
}
