import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../http/errors';
import { getItem, type Item } from './db';
import type { WorkspacePk } from './keys';
import { createNamed, deleteNamed, getNamed, type NamedKind, namedFrom, namedItemKey, namedKey, updateNamed } from './named-items';
import type { Part } from './transactions';
import type { WorkspaceRef } from './workspace';

/** The category entity: a user's named folders for prompts (docs/data-model.md, "Items"). */
export interface CategoryItem {
  id: string;
  name: string;
  created_at: string;
}

export const CATEGORY_NOT_FOUND = 'Category not found.';

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

/** A category's key (docs/data-model.md, "Items"): in its workspace's partition. */
export const categoryKeys = {
  category: (workspace: WorkspacePk, categoryId: string) => namedItemKey(CATEGORY, workspace, categoryId),
};

/** The category exists in the workspace (a write that files a prompt in it checks this); 404 otherwise. */
export const categoryExists = (workspace: WorkspacePk, categoryId: string): Part => ({
  check: { Key: categoryKeys.category(workspace, categoryId), ConditionExpression: 'attribute_exists(pk)' },
  onFail: () => new NotFoundError(CATEGORY_NOT_FOUND),
});

export const getCategory = (workspace: WorkspacePk, categoryId: string) => getNamed<CategoryItem>(CATEGORY, workspace, categoryId);

/** For a route's `preload` (http/authenticate.ts): the caller's own category named by the path's `id`. */
export const categoryPreload = { category: namedKey(CATEGORY) };
/** The category as the route preloaded it; 404 when there is none. */
export const categoryFrom = (item: Item | undefined) => namedFrom<CategoryItem>(CATEGORY, item);

/**
 * Access pattern: one category's name (GetItem; null without a category or when it is gone). Read
 * strongly, alongside a write that checks the category itself (`categoryExists`): the answer then
 * costs no round trip of its own, and a category made a moment ago is found.
 */
export async function categoryName(workspace: WorkspacePk, categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const item = await getItem(categoryKeys.category(workspace, categoryId), { projection: '#n', names: { '#n': 'name' }, consistent: true });
  return (item?.name as string | undefined) ?? null;
}

/** Names for toPrompt of one prompt. */
export const categoryNames = (categoryId: string | null | undefined, name: string | null) => new Map(categoryId && name ? [[categoryId, name]] : []);

export async function createCategory(workspace: WorkspaceRef, name: string): Promise<CategoryItem> {
  const category: CategoryItem = { id: randomUUID(), name, created_at: new Date().toISOString() };
  await createNamed(CATEGORY, workspace, { ...category });
  return category;
}

export const renameCategory = (workspace: WorkspacePk, category: CategoryItem, name: string) => updateNamed(CATEGORY, workspace, { ...category }, { name });

/** Deletes a category; its prompts read as uncategorised from then on (see keys.ts). */
export const deleteCategory = (workspace: WorkspacePk, category: CategoryItem) => deleteNamed(CATEGORY, workspace, { ...category });
