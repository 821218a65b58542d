import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FEATURED_MAX, LIBRARY_PAGE_SIZE, type LibraryEntry, entryId, slug, type LibraryFilters, type LibraryPage, type LibraryPrompt, type LibraryQuery, TEASER_LENGTH } from '@shared/contract/library';
import { TIERS, type Tier, tierAllows } from '@shared/tiers';
import { hasVariables } from '@shared/variables';
import { randomUUID } from 'node:crypto';
import { TABLE, batchWrite, db } from './db';
import { ConflictError, NotFoundError } from './errors';
import { type Tx, transact } from './transactions';

/**
 * The curated library: items under pk `LIBRARY` (prompts `PROMPT#<id>`, categories
 * `CATEGORY#<id>`, and `META` holding a version that every library write increments).
 *
 * Reads keep the whole library in memory per container and re-query only when META's version
 * moved, so a page over 10,000 prompts costs one GetItem (none when the route preloads META with
 * the user, see `libraryPreload`) and an in-memory filter: the same search semantics as the client
 * rules (spec section 5), without a Scan or a Query per request. What every request would derive
 * from the prompts (each tier's views, their lower-cased text, the featured row, the filter lists)
 * is derived once per cached version, so a page is a filter and a slice.
 */
export interface LibraryPromptItem {
  id: string;
  title: string;
  body: string;
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

export interface Library {
  version: number;
  prompts: LibraryPromptItem[];
  categories: Map<string, LibraryCategoryItem>;
}

export const LIBRARY_PK = 'LIBRARY';
export const libraryKeys = {
  meta: { pk: LIBRARY_PK, sk: 'META' },
  prompt: (id: string) => ({ pk: LIBRARY_PK, sk: `PROMPT#${id}` }),
  category: (id: string) => ({ pk: LIBRARY_PK, sk: `CATEGORY#${id}` }),
};

let cache: Library | undefined;

const versionOf = (meta: Record<string, unknown> | undefined) => Number(meta?.version ?? 0);

async function readVersion(): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: libraryKeys.meta, ProjectionExpression: 'version' }));
  return versionOf(Item);
}

/** For a route's `preload` (http.ts): META, read with the user, names the library version. */
export const libraryPreload = { library: () => libraryKeys.meta };

/** Access pattern: the whole library (cached; one GetItem when unchanged, one paged Query when not). */
export async function loadLibrary(): Promise<Library> {
  return libraryAt(await readVersion());
}

/** The library at the version of META as the route preloaded it (`libraryPreload`): no read when cached. */
export const preloadedLibrary = (meta: Record<string, unknown> | undefined) => libraryAt(versionOf(meta));

async function libraryAt(version: number): Promise<Library> {
  if (cache && cache.version === version) return cache;
  const prompts: LibraryPromptItem[] = [];
  const categories = new Map<string, LibraryCategoryItem>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': LIBRARY_PK }, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) {
      if (item.type === 'library_prompt') prompts.push(item as LibraryPromptItem);
      else if (item.type === 'library_category') categories.set(item.id as string, { id: item.id as string, name: item.name as string });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  prompts.sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  cache = { version, prompts, categories };
  return cache;
}

/** Tells every container (through META's version) that the library changed. */
export const bumpVersionItem = (): Tx & { Update: NonNullable<Tx['Update']> } => ({
  Update: {
    TableName: TABLE,
    Key: libraryKeys.meta,
    UpdateExpression: 'SET #t = :t ADD version :one',
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: { ':one': 1, ':t': 'library_meta' },
  },
});

export async function bumpVersion(): Promise<void> {
  await db.send(new UpdateCommand(bumpVersionItem().Update));
}

export const teaser = (body: string) => (body.length > TEASER_LENGTH ? `${body.slice(0, TEASER_LENGTH)}…` : body);

/** A prompt as a caller of `tier` may see it (`variables`: has_variables, when already known). */
export function viewFor(item: LibraryPromptItem, tier: Tier, library: Library, variables?: boolean): LibraryPrompt {
  const locked = !tierAllows(tier, item.access_tier);
  const category = item.category_id ? library.categories.get(item.category_id) : undefined;
  return {
    id: item.id,
    title: item.title,
    body: locked ? teaser(item.body) : item.body,
    category_id: category ? category.id : null,
    category_name: category ? category.name : null,
    tasks: item.tasks ?? [],
    industries: item.industries ?? [],
    access_tier: item.access_tier,
    locked,
    has_variables: variables ?? hasVariables(item.body),
  };
}

const list = (csv: string | undefined) => (csv ? csv.split(',').map((s) => s.trim()).filter(Boolean) : []);

const sortedDistinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));

/** The library as a caller of one tier sees it, derived once per cached library version. */
interface TierViews {
  /** Every prompt's view, in library order; shared by all requests, so never changed. */
  views: readonly LibraryPrompt[];
  /** Each view's title and body (the teaser when locked) lower-cased, for search. */
  titles: readonly string[];
  bodies: readonly string[];
  featured: readonly LibraryPrompt[];
  /** The tasks of all views: `available_tasks` when nothing narrows the list. */
  tasks: readonly string[];
}

const derived = new WeakMap<Library, { tiers: Map<Tier, TierViews>; filters?: LibraryFilters }>();

function derivedOf(library: Library) {
  let entry = derived.get(library);
  if (!entry) derived.set(library, (entry = { tiers: new Map() }));
  return entry;
}

function tierViews(library: Library, tier: Tier): TierViews {
  const tiers = derivedOf(library).tiers;
  let cached = tiers.get(tier);
  if (!cached) {
    // has_variables does not depend on the tier: one regex pass per prompt, shared by the tiers.
    const other = tiers.values().next().value;
    const views = library.prompts.map((p, i) => viewFor(p, tier, library, other?.views[i]!.has_variables));
    cached = {
      views,
      titles: views.map((p) => p.title.toLowerCase()),
      bodies: views.map((p) => p.body.toLowerCase()),
      featured: views.filter((p) => p.access_tier === 'elite').slice(0, FEATURED_MAX),
      tasks: sortedDistinct(views.flatMap((p) => p.tasks)),
    };
    tiers.set(tier, cached);
  }
  return cached;
}

/** Every prompt as a caller of `tier` sees it (the whole-list answer); cached, so read-only. */
export const libraryViews = (library: Library, tier: Tier): readonly LibraryPrompt[] => tierViews(library, tier).views;

/**
 * Search, category, tasks and industries with the client's semantics: text in title or body
 * (case-insensitive; only the teaser of a locked prompt is searched, so hidden text leaks
 * nothing), category by name, tasks / industries matching any selected value.
 */
export function queryLibrary(library: Library, tier: Tier, query: LibraryQuery): LibraryPage {
  const { views, titles, bodies, featured, tasks: allTasks } = tierViews(library, tier);
  const search = query.search?.trim().toLowerCase() ?? '';
  const tasks = new Set(list(query.tasks));
  const industries = new Set(list(query.industries));
  const category = query.category?.trim();

  const narrowed = Boolean(search || category || industries.size);
  const bySearchCategoryIndustry = narrowed
    ? views.filter(
        (p, i) =>
          (!search || titles[i]!.includes(search) || bodies[i]!.includes(search)) &&
          (!category || p.category_name === category) &&
          (!industries.size || p.industries.some((industry) => industries.has(industry))),
      )
    : views;
  const matching = tasks.size ? bySearchCategoryIndustry.filter((p) => p.tasks.some((t) => tasks.has(t))) : bySearchCategoryIndustry;

  const pageSize = Math.min(Number(query.page_size ?? LIBRARY_PAGE_SIZE), 100);
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Number(query.page ?? 1), totalPages);
  return {
    prompts: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    featured: [...featured],
    available_tasks: narrowed ? sortedDistinct(bySearchCategoryIndustry.flatMap((p) => p.tasks)) : [...allTasks],
  };
}

/** Category names, tasks and industries across the library (derived once per cached version). */
export function libraryFilters(library: Library): LibraryFilters {
  const entry = derivedOf(library);
  entry.filters ??= {
    categories: sortedDistinct([...library.categories.values()].map((c) => c.name)),
    tasks: sortedDistinct(library.prompts.flatMap((p) => p.tasks ?? [])),
    industries: sortedDistinct(library.prompts.flatMap((p) => p.industries ?? [])),
  };
  return entry.filters;
}

/** A library prompt from an item as read (a route's `preload`), if it is one. */
export const libraryPromptFrom = (item: Record<string, unknown> | undefined) => (item?.type === 'library_prompt' ? (item as unknown as LibraryPromptItem) : undefined);

/** Access pattern: one library prompt by id (GetItem). */
export async function getLibraryPrompt(id: string): Promise<LibraryPromptItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: libraryKeys.prompt(id) }));
  return libraryPromptFrom(Item);
}

export async function getLibraryCategoryName(id: string | null): Promise<string | null> {
  if (!id) return null;
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: libraryKeys.category(id), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }));
  return (Item?.name as string | undefined) ?? null;
}

export const categoryIdFor = (name: string) => `cat-${slug(name)}`;

export const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);

/**
 * Writes validated entries (upsert by id) and the categories they name, then bumps the version.
 * Returns how many prompts were created and updated.
 */
export async function upsertEntries(entries: LibraryEntry[], curatorEmail: string): Promise<{ created: number; updated: number }> {
  const library = await loadLibrary();
  const existing = new Map(library.prompts.map((p) => [p.id, p]));
  const now = new Date().toISOString();
  // Categories are matched by name (case-insensitive); unknown names are created.
  const categoryIds = new Map<string, string>();
  const items: Record<string, unknown>[] = [];
  for (const e of entries) {
    if (!e.category || categoryIds.has(e.category.toLowerCase())) continue;
    const found = findCategoryByName(library, e.category);
    const id = found?.id ?? newCategoryId(library, e.category);
    categoryIds.set(e.category.toLowerCase(), id);
    if (!found) items.push({ ...libraryKeys.category(id), type: 'library_category', id, name: e.category, created_at: now });
  }
  let created = 0;
  let updated = 0;
  for (const entry of entries) {
    const id = entryId(entry);
    const before = existing.get(id);
    if (before) updated++;
    else created++;
    items.push({
      ...libraryKeys.prompt(id),
      type: 'library_prompt',
      id,
      title: entry.title,
      body: entry.body,
      category_id: entry.category ? categoryIds.get(entry.category.toLowerCase())! : null,
      tasks: [...new Set(entry.tasks)],
      industries: [...new Set(entry.industries)],
      access_tier: entry.access_tier,
      owner_email: before?.owner_email ?? curatorEmail,
      created_at: before?.created_at ?? now,
      // The revision forks compare with (lineage.ts): it moves only when the content changes.
      updated_at: before && before.title === entry.title && before.body === entry.body ? (before.updated_at ?? before.created_at) : now,
    });
  }
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  await bumpVersion();
  return { created, updated };
}

// ---- Curation (admin) -------------------------------------------------------------------------

export const LIBRARY_PROMPT_NOT_FOUND = 'Library prompt not found.';
export const LIBRARY_CATEGORY_NOT_FOUND = 'Library category not found.';
const LIBRARY_CATEGORY_TAKEN = 'A library category with this name already exists.';

/** Rows of the admin Prompts tab. */
export function adminPromptRows(library: Library) {
  return library.prompts.map((p) => {
    const category = p.category_id ? library.categories.get(p.category_id) : undefined;
    return { id: p.id, title: p.title, category_id: category?.id ?? null, category_name: category?.name ?? null, owner_email: p.owner_email, access_tier: p.access_tier };
  });
}

export function libraryCategoryRows(library: Library) {
  const counts = new Map<string, number>();
  for (const p of library.prompts) if (p.category_id) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
  return [...library.categories.values()]
    .map((c) => ({ id: c.id, name: c.name, prompt_count: counts.get(c.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/**
 * Runs a library write together with the version bump; a failed condition on item 0 is a 404.
 * A prompt's updated_at is its content revision (forks compare it, lineage.ts): only writes that
 * change its title or body move it, so a tier change does not.
 */
async function libraryWrite(item: Tx, notFound: string): Promise<void> {
  await transact([item, bumpVersionItem()], { 0: () => new NotFoundError(notFound) });
}

export const setLibraryTier = (id: string, tier: Tier) =>
  libraryWrite(
    {
      Update: {
        TableName: TABLE,
        Key: libraryKeys.prompt(id),
        UpdateExpression: 'SET access_tier = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': tier },
      },
    },
    LIBRARY_PROMPT_NOT_FOUND,
  );

export const deleteLibraryPrompt = (id: string) =>
  libraryWrite({ Delete: { TableName: TABLE, Key: libraryKeys.prompt(id), ConditionExpression: 'attribute_exists(pk)' } }, LIBRARY_PROMPT_NOT_FOUND);

function findCategoryByName(library: Library, name: string, exceptId?: string) {
  const wanted = name.trim().toLowerCase();
  return [...library.categories.values()].find((c) => c.name.trim().toLowerCase() === wanted && c.id !== exceptId);
}

/** A readable id for a new category, unique even after renames freed its slug's name. */
function newCategoryId(library: Library, name: string): string {
  const base = categoryIdFor(name);
  return library.categories.has(base) ? `${base}-${randomUUID().slice(0, 8)}` : base;
}

/**
 * Library category names are unique, checked against the current library: curation is done by
 * a few admins, and a duplicate slipping through a race is harmless (both remain editable).
 */
export async function createLibraryCategory(name: string): Promise<LibraryCategoryItem> {
  const library = await loadLibrary();
  if (findCategoryByName(library, name)) throw new ConflictError(LIBRARY_CATEGORY_TAKEN);
  const category = { id: newCategoryId(library, name), name };
  await transact(
    [
      { Put: { TableName: TABLE, Item: { ...libraryKeys.category(category.id), type: 'library_category', ...category, created_at: new Date().toISOString() }, ConditionExpression: 'attribute_not_exists(pk)' } },
      bumpVersionItem(),
    ],
    { 0: () => new ConflictError(LIBRARY_CATEGORY_TAKEN) },
  );
  return category;
}

export async function renameLibraryCategory(id: string, name: string): Promise<void> {
  const library = await loadLibrary();
  if (findCategoryByName(library, name, id)) throw new ConflictError(LIBRARY_CATEGORY_TAKEN);
  await libraryWrite(
    {
      Update: {
        TableName: TABLE,
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

/** Its prompts stay and read as uncategorised (viewFor resolves only existing categories). */
export const deleteLibraryCategory = (id: string) =>
  libraryWrite({ Delete: { TableName: TABLE, Key: libraryKeys.category(id), ConditionExpression: 'attribute_exists(pk)' } }, LIBRARY_CATEGORY_NOT_FOUND);

/** Copies one of the admin's own prompts into the library. */
export async function publishPrompt(
  source: { title: string; body: string; tasks: string[]; industries: string[] },
  categoryId: string | null,
  tier: Tier,
  curatorEmail: string,
): Promise<LibraryPromptItem> {
  const now = new Date().toISOString();
  const item: LibraryPromptItem = {
    id: `${slug(source.title).slice(0, 50)}-${randomUUID().slice(0, 8)}`,
    title: source.title,
    body: source.body,
    category_id: categoryId,
    tasks: source.tasks ?? [],
    industries: source.industries ?? [],
    access_tier: tier,
    owner_email: curatorEmail,
    created_at: now,
    updated_at: now,
  };
  const items: Tx[] = [{ Put: { TableName: TABLE, Item: { ...libraryKeys.prompt(item.id), type: 'library_prompt', ...item } } }, bumpVersionItem()];
  if (categoryId) items.push({ ConditionCheck: { TableName: TABLE, Key: libraryKeys.category(categoryId), ConditionExpression: 'attribute_exists(pk)' } });
  await transact(items, { 2: () => new NotFoundError(LIBRARY_CATEGORY_NOT_FOUND) });
  return item;
}
