import { createHash, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CONTENT_EXTRAS, sameBodyAndSettings, storedContent } from '@shared/chat';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import { entryId, type LibraryEntry, legacyEntryId, slug } from '@shared/contract/library';
import { TIERS, type Tier } from '@shared/tiers';
import { ConflictError, NotFoundError } from '../http/errors';
import { collator } from './collator';
import { batchGet, batchWrite, db, getItem, queryAll, TABLE } from './db';
import { withChatContent } from './library-chat';
import { type Part, transact, write } from './transactions';

/**
 * The curated library's items (docs/data-model.md). Each library prompt is its own partition
 * (`LIBPROMPT#<id>`), so the one request that is about it (a fork) reads one item and no key is
 * shared by every request. Each category is its own partition too (`LIBCAT#<id>`).
 *
 * Nothing on a user's request path enumerates these items: pages, filters, search and fork
 * lineage are served from a snapshot built once per library change (services/library-snapshot/;
 * use-cases/library-curation.ts asks for it after each write of this module). The
 * builder (and the admin lists) find every item through the sparse index `gsi2`: prompts under
 * LIBRARY_SHARDS partitions `LIBRARY#<n>` (n from a hash of the id, so no index partition takes
 * every library write), categories under one small partition `LIBCATS`.
 */
export interface LibraryPromptItem {
  id: string;
  title: string;
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  config?: ModelConfig;
  category_id: string | null;
  tasks: string[];
  industries: string[];
  access_tier: Tier;
  owner_email: string;
  created_at: string;
  updated_at: string;
}
export interface LibraryCategoryItem {
  id: string;
  name: string;
}

/** Index partitions the library prompts are spread over (enumeration only, never per request). */
export const LIBRARY_SHARDS = 16;
export const LIBRARY_INDEX = 'gsi2';
const CATEGORIES_PK = 'LIBCATS';

export const libraryShard = (id: string) => createHash('sha1').update(id).digest().readUInt16BE(0) % LIBRARY_SHARDS;

export const libraryKeys = {
  prompt: (id: string) => ({ pk: `LIBPROMPT#${id}`, sk: 'LIBPROMPT' }),
  category: (id: string) => ({ pk: `LIBCAT#${id}`, sk: 'LIBCAT' }),
  promptIndex: (id: string) => ({ gsi2pk: `LIBRARY#${libraryShard(id)}`, gsi2sk: id }),
  /**
   * A prompt's fork counter: an item (and partition) of its own, so a fork neither rewrites the
   * prompt nor starts a snapshot build (the stream filter passes LIBPROMPT# / LIBCAT# keys only),
   * and no fork writes a partition that forks of other prompts share.
   */
  stats: (id: string) => ({ pk: `LIBSTATS#${id}`, sk: 'LIBSTATS' }),
  categoryIndex: (id: string) => ({ gsi2pk: CATEGORIES_PK, gsi2sk: id }),
};

export const byTitle = (a: { title: string; id: string }, b: { title: string; id: string }) =>
  collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ---- Enumeration (snapshot builder, admin lists, imports: never a user's request) ----------------

const PROMPT_ATTRIBUTES = ['id', 'title', 'body', ...CONTENT_EXTRAS, 'category_id', 'tasks', 'industries', 'access_tier', 'owner_email'];
const DATES = ['created_at', 'updated_at'];

const asPrompt = (item: Record<string, unknown>): LibraryPromptItem =>
  Object.fromEntries([...PROMPT_ATTRIBUTES, ...DATES].map((a) => [a, item[a]])) as unknown as LibraryPromptItem;

/** Every library prompt (the shards read in parallel), sorted by title. */
export async function allLibraryPrompts(): Promise<LibraryPromptItem[]> {
  const shards = await Promise.all(
    Array.from({ length: LIBRARY_SHARDS }, (_, n) =>
      queryAll({ IndexName: LIBRARY_INDEX, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `LIBRARY#${n}` } }),
    ),
  );
  const prompts = shards
    .flat()
    .filter((i) => i.type === 'library_prompt')
    .map(asPrompt);
  return (await withChatContent(prompts, libraryKeys.prompt)).sort(byTitle);
}

/** Fork count per library prompt id: the counters of `ids` (100 per BatchGet, 16 at a time; only the snapshot builder). */
export async function libraryForkCounts(ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) batches.push(ids.slice(i, i + 100) as string[]);
  for (let i = 0; i < batches.length; i += 16) {
    const found = await Promise.all(
      batches.slice(i, i + 16).map((batch) =>
        batchGet(
          batch.map((id) => libraryKeys.stats(id)),
          { projection: 'pk, forks' },
        ),
      ),
    );
    for (const item of found.flat()) counts.set((item.pk as string).slice('LIBSTATS#'.length), Number(item.forks ?? 0));
  }
  return counts;
}

/** Counts one fork of a library prompt (one small write to its own counter item; shown after the next build). */
export async function countLibraryFork(id: string): Promise<void> {
  await write({
    update: {
      Key: libraryKeys.stats(id),
      UpdateExpression: 'SET #type = :type ADD forks :one',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'library_stats', ':one': 1 },
    },
  });
}

/** Every library category (one small index partition). */
export async function allLibraryCategories(): Promise<Map<string, LibraryCategoryItem>> {
  const items = await queryAll({ IndexName: LIBRARY_INDEX, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': CATEGORIES_PK } });
  return new Map(items.filter((i) => i.type === 'library_category').map((i) => [i.id as string, { id: i.id as string, name: i.name as string }]));
}

/** Whether the library holds no prompt yet (seeding on first start). */
export async function libraryIsEmpty(): Promise<boolean> {
  for (let n = 0; n < LIBRARY_SHARDS; n++) {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: LIBRARY_INDEX,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': `LIBRARY#${n}` },
        Limit: 1,
      }),
    );
    if (Items?.length) return false;
  }
  return true;
}

/** A library prompt from an item as read (a route's `preload`), if it is one. */
export const libraryPromptFrom = (item: Record<string, unknown> | undefined) => (item?.type === 'library_prompt' ? asPrompt(item) : undefined);

/** Access pattern: one library prompt by id (GetItem on its own partition). */
export async function getLibraryPrompt(id: string): Promise<LibraryPromptItem | undefined> {
  return libraryPromptFrom(await getItem(libraryKeys.prompt(id)));
}

export async function getLibraryCategory(id: string): Promise<LibraryCategoryItem | undefined> {
  const item = await getItem(libraryKeys.category(id), { projection: 'id, #n', names: { '#n': 'name' } });
  return item ? { id: item.id as string, name: item.name as string } : undefined;
}

export const categoryIdFor = (name: string) => `cat-${slug(name)}`;

export const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);

export const promptItem = (p: LibraryPromptItem) => ({ ...libraryKeys.prompt(p.id), ...libraryKeys.promptIndex(p.id), type: 'library_prompt', ...p });
export const categoryItem = (c: LibraryCategoryItem, now: string) => ({
  ...libraryKeys.category(c.id),
  ...libraryKeys.categoryIndex(c.id),
  type: 'library_category',
  ...c,
  created_at: now,
});

/** How far an import has got: its items read, then its items written (unchanged ones are not). */
export type UpsertProgress = { phase: 'reading' | 'writing'; done: number; total: number; unchanged: number };
export type WriteEntriesOptions = { edit?: boolean; onProgress?: (progress: UpsertProgress) => void };

/**
 * Writes validated entries (upsert by id) and the categories they name; reads only the entries'
 * own items and the category list. Returns how many prompts were created and updated. A prompt
 * whose stored item is already exactly what it would write is left alone, so running an import
 * again after one that stopped part-way writes only what is missing or different.
 */
export async function writeEntries(
  entries: LibraryEntry[],
  curatorEmail: string,
  { edit = false, onProgress }: WriteEntriesOptions = {},
): Promise<{ created: number; updated: number }> {
  const categories = await allLibraryCategories();
  const ids = [...new Set(entries.flatMap((e) => [entryId(e), legacyEntryId(e)]))];
  const existing = new Map<string, LibraryPromptItem>();
  const stored = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 100) {
    for (const item of await batchGet(
      ids.slice(i, i + 100).map((id) => libraryKeys.prompt(id)),
      { consistent: true },
    )) {
      const prompt = libraryPromptFrom(item);
      if (prompt) existing.set(prompt.id, prompt);
      if (prompt) stored.set(prompt.id, item);
    }
    onProgress?.({ phase: 'reading', done: Math.min(i + 100, ids.length), total: ids.length, unchanged: 0 });
  }
  const now = new Date().toISOString();
  // Categories are matched by name (case-insensitive); unknown names are created.
  const categoryIds = new Map<string, string>();
  const items: Record<string, unknown>[] = [];
  for (const e of entries) {
    if (!e.category || categoryIds.has(e.category.toLowerCase())) continue;
    const found = findCategoryByName(categories, e.category);
    const id = found?.id ?? newCategoryId(categories, e.category);
    categoryIds.set(e.category.toLowerCase(), id);
    if (!found) items.push(categoryItem({ id, name: e.category }, now));
  }
  // Resolve every id first and refuse the whole import if one would overwrite an unrelated prompt.
  const resolved = entries.map((entry) => {
    const legacy = existing.get(legacyEntryId(entry));
    const id = legacy && legacy.title === entry.title ? legacy.id : entryId(entry);
    const before = existing.get(id);
    // The same prompt edited (same title or same body) updates; a prompt sharing neither is another one.
    if (!edit && before && before.title !== entry.title && before.body !== storedContent(entry).body) {
      throw new ConflictError(
        `The id "${id}" already belongs to the library prompt "${before.title}". Give "${entry.title}" an id of its own; nothing was imported.`,
      );
    }
    return { entry, id, before };
  });
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const { entry, id, before } of resolved) {
    if (before) updated++;
    else created++;
    const content = storedContent(entry);
    const item = promptItem({
      id,
      title: entry.title,
      ...content,
      category_id: entry.category ? categoryIds.get(entry.category.toLowerCase())! : null,
      tasks: [...new Set(entry.tasks)],
      industries: [...new Set(entry.industries)],
      access_tier: entry.access_tier,
      owner_email: before?.owner_email ?? curatorEmail,
      created_at: before?.created_at ?? now,
      // The revision forks compare with (lineage.ts): it moves only when the content changes.
      updated_at: before && before.title === entry.title && sameBodyAndSettings(before, content) ? (before.updated_at ?? before.created_at) : now,
    });
    if (before && sameItem(stored.get(id)!, item)) unchanged++;
    else items.push(item);
  }
  for (let i = 0; i < items.length; i += WRITE_SLICE) {
    await putLibraryItems(items.slice(i, i + WRITE_SLICE));
    onProgress?.({ phase: 'writing', done: Math.min(i + WRITE_SLICE, items.length), total: items.length, unchanged });
  }
  if (!items.length) onProgress?.({ phase: 'writing', done: 0, total: 0, unchanged });
  return { created, updated };
}

/** Items written between two progress reports of an import. */
const WRITE_SLICE = 500;

/** Whether two items hold the same attributes and values (key order aside). */
function sameItem(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Puts built items (promptItem, categoryItem) as they are, 25 per batch: imports and the legacy move. */
export const putLibraryItems = (items: Record<string, unknown>[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

// ---- Curation (admin) -------------------------------------------------------------------------

export const LIBRARY_PROMPT_NOT_FOUND = 'Library prompt not found.';
export const LIBRARY_CATEGORY_NOT_FOUND = 'Library category not found.';
const LIBRARY_CATEGORY_TAKEN = 'A library category with this name already exists.';

/**
 * One library write whose failed condition is a 404. A prompt's updated_at is its content revision
 * (forks compare it, lineage.ts): only writes that change its title or content move it, so a tier
 * change does not.
 */
async function libraryWrite(part: Part & { update?: unknown; delete?: unknown }, notFound: string, also: Part[] = []): Promise<void> {
  await transact([{ ...part, onFail: () => new NotFoundError(notFound) }, ...also]);
}

export const writeLibraryTier = (id: string, tier: Tier) =>
  libraryWrite(
    {
      update: {
        Key: libraryKeys.prompt(id),
        UpdateExpression: 'SET access_tier = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': tier },
      },
    },
    LIBRARY_PROMPT_NOT_FOUND,
  );

/** `also`: the deletes of what belongs to the prompt (its suite, data/library-suite.ts), in the same transaction. */
export const removeLibraryPrompt = (id: string, also: Part[] = []) =>
  libraryWrite({ delete: { Key: libraryKeys.prompt(id), ConditionExpression: 'attribute_exists(pk)' } }, LIBRARY_PROMPT_NOT_FOUND, also);

function findCategoryByName(categories: ReadonlyMap<string, LibraryCategoryItem>, name: string, exceptId?: string) {
  const wanted = name.trim().toLowerCase();
  return [...categories.values()].find((c) => c.name.trim().toLowerCase() === wanted && c.id !== exceptId);
}

/** A readable id for a new category, unique even after renames freed its slug's name. */
function newCategoryId(categories: ReadonlyMap<string, LibraryCategoryItem>, name: string): string {
  const base = categoryIdFor(name);
  return categories.has(base) ? `${base}-${randomUUID().slice(0, 8)}` : base;
}

/**
 * Library category names are unique, checked against the current categories: curation is done
 * by a few admins, and a duplicate slipping through a race is harmless (both remain editable).
 */
export async function addLibraryCategory(name: string): Promise<LibraryCategoryItem> {
  const categories = await allLibraryCategories();
  if (findCategoryByName(categories, name)) throw new ConflictError(LIBRARY_CATEGORY_TAKEN);
  const category = { id: newCategoryId(categories, name), name };
  await transact([
    {
      put: { Item: categoryItem(category, new Date().toISOString()), ConditionExpression: 'attribute_not_exists(pk)' },
      onFail: () => new ConflictError(LIBRARY_CATEGORY_TAKEN),
    },
  ]);
  return category;
}

export async function writeLibraryCategoryName(id: string, name: string): Promise<void> {
  if (findCategoryByName(await allLibraryCategories(), name, id)) throw new ConflictError(LIBRARY_CATEGORY_TAKEN);
  await libraryWrite(
    {
      update: {
        Key: libraryKeys.category(id),
        UpdateExpression: 'SET #n = :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': name },
      },
    },
    LIBRARY_CATEGORY_NOT_FOUND,
  );
}

/** Its prompts stay and read as uncategorised (views resolve only existing categories). */
export const removeLibraryCategory = (id: string) =>
  libraryWrite({ delete: { Key: libraryKeys.category(id), ConditionExpression: 'attribute_exists(pk)' } }, LIBRARY_CATEGORY_NOT_FOUND);

/** Copies one of the admin's own prompts into the library; answers the item as written. `also(id)`: writes that go with it (its suite). */
export async function addLibraryPrompt(
  source: { title: string; kind?: PromptKind; body: string; messages?: ChatMessage[]; config?: ModelConfig; tasks: string[]; industries: string[] },
  category: LibraryCategoryItem | null,
  tier: Tier,
  curatorEmail: string,
  also: (id: string) => Part[] = () => [],
): Promise<LibraryPromptItem> {
  const now = new Date().toISOString();
  const item: LibraryPromptItem = {
    id: `${slug(source.title).slice(0, 50)}-${randomUUID().slice(0, 8)}`,
    title: source.title,
    ...storedContent(source),
    category_id: category?.id ?? null,
    tasks: source.tasks ?? [],
    industries: source.industries ?? [],
    access_tier: tier,
    owner_email: curatorEmail,
    created_at: now,
    updated_at: now,
  };
  await transact([
    { put: { Item: promptItem(item) } },
    ...also(item.id),
    ...(category
      ? [
          {
            check: { Key: libraryKeys.category(category.id), ConditionExpression: 'attribute_exists(pk)' },
            onFail: () => new NotFoundError(LIBRARY_CATEGORY_NOT_FOUND),
          },
        ]
      : []),
  ]);
  return item;
}
