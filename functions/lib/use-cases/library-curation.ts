import type { LibraryEntry, LibraryPromptEdit } from '@shared/contract/library';
import type { LibrarySuite } from '@shared/contract/suite';
import type { Tier } from '@shared/tiers';
import {
  addLibraryCategory,
  addLibraryPrompt,
  allLibraryCategories,
  getLibraryPrompt,
  LIBRARY_PROMPT_NOT_FOUND,
  type LibraryCategoryItem,
  removeLibraryCategory,
  removeLibraryPrompt,
  type WriteEntriesOptions,
  writeEntries,
  writeLibraryCategoryName,
  writeLibraryTier,
} from '../data/library';
import { librarySuitePart, removeLibrarySuitePart } from '../data/library-suite';
import { adminPromptRow } from '../data/library-views';
import { NotFoundError } from '../http/errors';
import { afterLibraryWrite } from '../services/library-snapshot/build';

/**
 * Curating the library (admin routes, `npm run library:import`, the local stack's seed): each
 * write of the library's items (data/library.ts), then the snapshot its readers see is rebuilt
 * (locally at once; in AWS the table's stream starts the build).
 */
async function thenRebuild<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  await afterLibraryWrite();
  return result;
}

/** Validated entries written (upsert by id) with the categories they name: how many prompts were created and updated. */
export const upsertEntries = (entries: LibraryEntry[], curatorEmail: string, options: WriteEntriesOptions = {}) =>
  thenRebuild(writeEntries(entries, curatorEmail, options));

/**
 * An admin's edit of one library prompt (title, body, tasks, industries, tier; the category
 * stays): the import's upsert path, so a changed title or body moves the revision forks compare
 * ('Updated in library'). 404 when the prompt is not in the library.
 */
export async function editLibraryPrompt({ id, edit, curatorEmail }: { id: string; edit: LibraryPromptEdit; curatorEmail: string }): Promise<void> {
  const [before, categories] = await Promise.all([getLibraryPrompt(id), allLibraryCategories()]);
  if (!before) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  const category = before.category_id ? (categories.get(before.category_id)?.name ?? null) : null;
  await upsertEntries([{ id, category, ...edit }], curatorEmail, { edit: true });
}

export const setLibraryTier = (id: string, tier: Tier) => thenRebuild(writeLibraryTier(id, tier));
/** Its suite goes with it (one transaction). */
export const deleteLibraryPrompt = (id: string) => thenRebuild(removeLibraryPrompt(id, [removeLibrarySuitePart(id)]));
export const createLibraryCategory = (name: string) => thenRebuild(addLibraryCategory(name));
export const renameLibraryCategory = (id: string, name: string) => thenRebuild(writeLibraryCategoryName(id, name));
/** Its prompts stay and read as uncategorised (views resolve only existing categories). */
export const deleteLibraryCategory = (id: string) => thenRebuild(removeLibraryCategory(id));

/**
 * Copies one of the admin's own prompts into the library with its suite (one transaction: the
 * prompt is never there without it); answers its admin row (no library read: built from what was written).
 */
export const publishPrompt = ({
  source,
  suite,
  category,
  tier,
  curatorEmail,
}: {
  source: Parameters<typeof addLibraryPrompt>[0];
  suite: LibrarySuite;
  category: LibraryCategoryItem | null;
  tier: Tier;
  curatorEmail: string;
}) =>
  thenRebuild(
    addLibraryPrompt(source, category, tier, curatorEmail, (id) => (suite.checks.length || suite.examples.length ? [librarySuitePart(id, suite)] : [])),
  ).then((item) => adminPromptRow(item, new Map(category ? [[category.id, category]] : [])));
