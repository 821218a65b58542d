import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  FEATURED_MAX,
  LIBRARY_PAGE_SIZE,
  LIBRARY_PAGE_SIZE_MAX,
  type LibraryFilters,
  type LibraryPage,
  type LibraryPrompt,
  type LibraryQuery,
} from '@shared/contract/library';
import { TIERS, type Tier } from '@shared/tiers';
import { hasVariables } from '@shared/variables';
import type { LibraryCategoryItem, LibraryPromptItem } from '../data/library';
import { config } from '../http/config';
import { applyIndexChanges, documentHash, searchDocument, searchEndpoint, searchPage } from './library-search';

/**
 * The library as users read it: a snapshot built ONCE per library change and published to a
 * store (S3 in AWS, a folder locally), never derived per container from the table
 * (docs/architecture.md, "Library read path").
 *
 * Layout of one published version `v/<version>/`:
 * - `manifest.json`: totals, featured row, task lists and filters per tier, categories with their
 *   prompt counts. Small at any library size (it grows with distinct tags, not prompts).
 * - `<tier>/<n>.json`: the tier's views in library order (title, then id), CHUNK_SIZE per file;
 *   locked prompts already cut to their teaser, so no file of a tier holds text above it.
 * - `rev/<b>.json`: per prompt id (hashed into buckets) its content revision, tier and position,
 *   so fork lineage reads the bucket of each fork's original, never the whole library.
 * `current.json` names the published version. A container checks it at most once per
 * LIBRARY_SNAPSHOT_TTL_MS (no DynamoDB read at all) and reads only the files a request needs.
 *
 * In AWS a DynamoDB Streams consumer (functions/library/build-snapshot.ts) runs the builder after
 * library writes, batched and with one concurrent build, so an edit burst or fork-count bumps
 * never start a rebuild herd. Locally the same builder runs in process after each library write,
 * coalesced: writes during a build share the one build that follows it.
 */
export const CHUNK_SIZE = 500;
/** Ids per revision bucket (lineage reads one bucket per distinct original of a workspace's forks). */
const REVISION_BUCKET_TARGET = 1000;

export interface TierSummary {
  total: number;
  featured: LibraryPrompt[];
  /** Tasks of all the tier's views: `available_tasks` when nothing narrows the list. */
  tasks: string[];
}
export interface Manifest {
  version: string;
  built_at: string;
  prompt_count: number;
  chunk_size: number;
  revision_buckets: number;
  tiers: Record<Tier, TierSummary>;
  filters: LibraryFilters;
  /** Prompt count per category id (the admin Categories tab). */
  category_counts: Record<string, number>;
  /** Built for the search engine: each revision entry carries its document's hash (library-search.ts). */
  search_indexed?: boolean;
}
/**
 * A library prompt's content revision, access tier and position in library order, and, when the
 * search engine is on, the hash of its search document (the next build indexes only what changed).
 */
export type RevisionEntry = [revision: string, tier: Tier, position: number, documentHash?: string];

// ---- Stores ------------------------------------------------------------------------------------

export interface SnapshotStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, body: string): Promise<void>;
  /** Drops published versions other than the ones named (local only; S3 expires them by lifecycle). */
  prune?(keep: string[]): Promise<void>;
  /**
   * Runs `publish` alone among the processes sharing the store (local only: in AWS one builder runs
   * at a time), so a build's "is a later build published?" check and its own publication are one step.
   */
  exclusive?<T>(publish: () => Promise<T>): Promise<T>;
}

/** A lock held longer than this is left over from a process that died: taken over. */
const STALE_LOCK_MS = 30_000;

/** A folder: the local stack and tests. Files are written whole and renamed into place. */
export function folderStore(root: string): SnapshotStore {
  return {
    async get(key) {
      try {
        return await readFile(join(root, key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(key, body) {
      const file = join(root, key);
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async exclusive(publish) {
      // mkdir is atomic: of the processes publishing at once (the local stack, test workers, the import CLI), one holds the lock.
      const lock = join(root, 'publish.lock');
      await mkdir(root, { recursive: true });
      for (let attempt = 0; ; attempt++) {
        try {
          await mkdir(lock);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const held = await stat(lock).then(
            (s) => Date.now() - s.mtimeMs,
            () => 0,
          );
          if (held > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
          else await new Promise((resolve) => setTimeout(resolve, Math.min(5 * 2 ** attempt, 100)));
        }
      }
      try {
        return await publish();
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    },
    async prune(keep) {
      // A reader in another process may still be on an older version for a moment: keep a minute's worth.
      const versions = await readdir(join(root, 'v')).catch(() => [] as string[]);
      const old = versions.filter((v) => !keep.includes(v) && Date.now() - parseInt(v.split('-')[0]!, 36) > 60_000);
      await Promise.all(old.map((v) => rm(join(root, 'v', v), { recursive: true, force: true })));
    },
  };
}

/** The bucket the stack creates (LIBRARY_BUCKET); old versions expire by a lifecycle rule. */
function s3Store(bucket: string): SnapshotStore {
  const client = import('@aws-sdk/client-s3').then((s3) => ({ s3, client: new s3.S3Client({ region: config.region }) }));
  return {
    async get(key) {
      const { s3, client: c } = await client;
      try {
        const reply = await c.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }));
        return await reply.Body!.transformToString();
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key, body) {
      const { s3, client: c } = await client;
      await c.send(new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }));
    },
  };
}

/** Where a local snapshot lives: one folder per DynamoDB endpoint and table, so every process of a stack finds it. */
export const localSnapshotDir = () =>
  process.env.LIBRARY_SNAPSHOT_DIR ??
  join(
    tmpdir(),
    'construct-library',
    createHash('sha1')
      .update(`${config.dynamoEndpoint ?? ''}|${config.tableName}`)
      .digest('hex')
      .slice(0, 16),
  );

const inAws = () => Boolean(process.env.LIBRARY_BUCKET);
let store: SnapshotStore | undefined;
const snapshotStore = () => (store ??= inAws() ? s3Store(process.env.LIBRARY_BUCKET!) : folderStore(localSnapshotDir()));

/** Points this container at another store (the benchmark's in-memory one). */
export function useSnapshotStore(next: SnapshotStore): void {
  store = next;
  checked = undefined;
}

/** How long a container trusts the version it last saw: a few seconds in AWS, none locally (a file read). */
const ttlMs = () => Number(process.env.LIBRARY_SNAPSHOT_TTL_MS ?? (inAws() ? 5000 : 0));

// ---- Builder -----------------------------------------------------------------------------------

const bucketOf = (id: string, buckets: number) => createHash('sha1').update(id).digest().readUInt32BE(0) % buckets;

/**
 * Builds and publishes one snapshot version from every prompt (sorted by title, then id) and
 * category. Views are written chunk by chunk, so besides the items only one chunk is held.
 */
export async function buildSnapshot(
  prompts: readonly LibraryPromptItem[],
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  target: SnapshotStore,
  version = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  forkCounts: ReadonlyMap<string, number> = new Map(),
  { indexed = false } = {},
): Promise<Manifest> {
  const { sortedDistinct, viewFor } = await import('../data/library');
  const base = `v/${version}/`;
  const variables = prompts.map((p) => hasVariables(p.body));
  const tiers = {} as Record<Tier, TierSummary>;
  const writes: Promise<void>[] = [];
  for (const tier of TIERS) {
    const tasks = new Set<string>();
    const featured: LibraryPrompt[] = [];
    for (let start = 0, n = 0; start < prompts.length || n === 0; start += CHUNK_SIZE, n++) {
      const chunk = prompts.slice(start, start + CHUNK_SIZE).map((p, i) => viewFor(p, tier, categories, variables[start + i], forkCounts.get(p.id) ?? 0));
      for (const view of chunk) {
        for (const task of view.tasks) tasks.add(task);
        if (view.access_tier === 'elite' && featured.length < FEATURED_MAX) featured.push(view);
      }
      writes.push(target.put(`${base}${tier}/${n}.json`, JSON.stringify(chunk)));
      if (writes.length >= 16) await Promise.all(writes.splice(0));
    }
    tiers[tier] = { total: prompts.length, featured, tasks: sortedDistinct(tasks) };
  }
  const buckets = Math.max(1, Math.ceil(prompts.length / REVISION_BUCKET_TARGET));
  const revisions: Record<string, RevisionEntry>[] = Array.from({ length: buckets }, () => ({}));
  prompts.forEach((p, position) => {
    const entry: RevisionEntry = [p.updated_at ?? p.created_at, p.access_tier, position];
    if (indexed) entry.push(documentHash(searchDocumentOf(p, categories, forkCounts, variables[position], viewFor)));
    revisions[bucketOf(p.id, buckets)]![p.id] = entry;
  });
  for (let b = 0; b < buckets; b++) {
    writes.push(target.put(`${base}rev/${b}.json`, JSON.stringify(revisions[b])));
    if (writes.length >= 16) await Promise.all(writes.splice(0));
  }
  const categoryCounts: Record<string, number> = {};
  for (const p of prompts) if (p.category_id && categories.has(p.category_id)) categoryCounts[p.category_id] = (categoryCounts[p.category_id] ?? 0) + 1;
  const manifest: Manifest = {
    version,
    built_at: new Date().toISOString(),
    prompt_count: prompts.length,
    chunk_size: CHUNK_SIZE,
    revision_buckets: buckets,
    tiers,
    filters: {
      categories: sortedDistinct([...categories.values()].map((c) => c.name)),
      tasks: sortedDistinct(prompts.flatMap((p) => p.tasks ?? [])),
      industries: sortedDistinct(prompts.flatMap((p) => p.industries ?? [])),
    },
    category_counts: categoryCounts,
    ...(indexed ? { search_indexed: true } : {}),
  };
  writes.push(target.put(`${base}manifest.json`, JSON.stringify(manifest)));
  await Promise.all(writes);
  return manifest;
}

function searchDocumentOf(
  p: LibraryPromptItem,
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  forkCounts: ReadonlyMap<string, number>,
  variables: boolean | undefined,
  viewFor: typeof import('../data/library').viewFor,
) {
  return searchDocument(
    Object.fromEntries(TIERS.map((t) => [t, viewFor(p, t, categories, variables, forkCounts.get(p.id) ?? 0)])) as Record<Tier, LibraryPrompt>,
  );
}

/** Each prompt's search document hash in a published version (empty when it was built without the engine). */
async function indexedHashes(target: SnapshotStore, version: string | undefined): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const text = version ? await target.get(`v/${version}/manifest.json`) : undefined;
  const manifest = text ? (JSON.parse(text) as Manifest) : undefined;
  if (!manifest?.search_indexed) return hashes;
  for (let b = 0; b < manifest.revision_buckets; b++) {
    const bucket = JSON.parse((await target.get(`v/${version}/rev/${b}.json`)) ?? '{}') as Record<string, RevisionEntry>;
    for (const [id, entry] of Object.entries(bucket)) if (entry[3]) hashes.set(id, entry[3]);
  }
  return hashes;
}

/**
 * Brings the search engine in step with a built version, before it is published: the documents
 * whose hash differs from the published version's, and deletes for the prompts it no longer has.
 * A failure fails the build (the stream retries it) and the published version stays.
 */
async function syncSearchIndex(
  endpoint: string,
  target: SnapshotStore,
  published: string | undefined,
  prompts: readonly LibraryPromptItem[],
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  forkCounts: ReadonlyMap<string, number>,
) {
  const { viewFor } = await import('../data/library');
  const before = await indexedHashes(target, published);
  const put = [];
  for (const p of prompts) {
    const doc = searchDocumentOf(p, categories, forkCounts, undefined, viewFor);
    if (before.get(p.id) !== documentHash(doc)) put.push(doc);
    before.delete(p.id);
  }
  await applyIndexChanges(endpoint, { put, remove: [...before.keys()] });
  return { indexed: put.length, removed: before.size };
}

/** What a build reads: every prompt (sorted by title, then id), the categories and the fork counts. */
export interface LibraryContent {
  prompts: LibraryPromptItem[];
  categories: Map<string, LibraryCategoryItem>;
  forkCounts: Map<string, number>;
}

async function libraryFromTable(): Promise<LibraryContent> {
  const { allLibraryCategories, libraryForkCounts, allLibraryPrompts } = await import('../data/library');
  const [prompts, categories] = await Promise.all([allLibraryPrompts(), allLibraryCategories()]);
  return { prompts, categories, forkCounts: await libraryForkCounts(prompts.map((p) => p.id)) };
}

/** Reads the library (from the table), builds and points `current.json` at the new version. */
export async function rebuildSnapshot(target: SnapshotStore = snapshotStore(), read: () => Promise<LibraryContent> = libraryFromTable): Promise<Manifest> {
  const startedAt = Date.now();
  const { prompts, categories, forkCounts } = await read();
  const endpoint = searchEndpoint();
  const manifest = await buildSnapshot(prompts, categories, target, undefined, forkCounts, { indexed: Boolean(endpoint) });
  const publish = async () => {
    // Another process may have published a build that started later (it read newer items): keep it.
    const before = parseCurrent(await target.get('current.json'));
    if (before && before.started_at > startedAt) return manifest;
    if (endpoint) {
      const synced = await syncSearchIndex(endpoint, target, before?.version, prompts, categories, forkCounts);
      console.info(JSON.stringify({ message: 'library search index updated', version: manifest.version, ...synced }));
    }
    await target.put('current.json', JSON.stringify({ version: manifest.version, started_at: startedAt }));
    await target.prune?.([manifest.version, ...(before ? [before.version] : [])]);
    return manifest;
  };
  return target.exclusive ? target.exclusive(publish) : publish();
}

const parseCurrent = (text: string | undefined) => (text ? (JSON.parse(text) as { version: string; started_at: number }) : undefined);

let building: Promise<unknown> | undefined;
let queued: Promise<unknown> | undefined;

/**
 * Coalesced rebuild: at most one build runs, and every request made while it runs shares the one
 * build that starts after it (it reads their writes). Resolves once a build covering the caller's
 * write is published.
 */
export function requestRebuild(): Promise<unknown> {
  if (!building) {
    building = rebuildSnapshot().finally(() => (building = undefined));
    return building;
  }
  queued ??= building
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return requestRebuild();
    });
  return queued;
}

/**
 * Called after every library write. In AWS the table's stream starts the build (nothing to do
 * here, also for `library:import --aws`); locally the build runs now, so the next read sees it.
 */
export async function afterLibraryWrite(): Promise<void> {
  if (!inAws() && process.env.LIBRARY_BUILD !== 'stream') await requestRebuild();
}

// ---- Reader (per container) --------------------------------------------------------------------

let checked: { version: string | undefined; at: number } | undefined;
const manifests = new Map<string, Promise<Manifest>>();
const files = new Map<string, Promise<unknown>>();
/** Parsed files kept per container (chunks and revision buckets), least recently used dropped first. */
const FILES_KEPT = 64;

async function readJson<T>(key: string): Promise<T> {
  const text = await snapshotStore().get(key);
  if (text === undefined) throw new Error(`Library snapshot file ${key} is missing`);
  return JSON.parse(text) as T;
}

function cachedFile<T>(key: string): Promise<T> {
  let entry = files.get(key);
  if (entry) files.delete(key);
  else entry = readJson<T>(key);
  files.set(key, entry);
  entry.catch(() => files.delete(key));
  while (files.size > FILES_KEPT) files.delete(files.keys().next().value!);
  return entry as Promise<T>;
}

async function currentVersion(): Promise<string | undefined> {
  const now = Date.now();
  if (checked?.version && now - checked.at < ttlMs()) return checked.version;
  let current = parseCurrent(await snapshotStore().get('current.json'));
  // A local stack whose snapshot folder is new (first start, another endpoint): build it once.
  if (!current && !inAws()) {
    await requestRebuild();
    current = parseCurrent(await snapshotStore().get('current.json'));
  }
  checked = { version: current?.version, at: now };
  return current?.version;
}

const EMPTY: Manifest = {
  version: 'empty',
  built_at: new Date(0).toISOString(),
  prompt_count: 0,
  chunk_size: CHUNK_SIZE,
  revision_buckets: 1,
  tiers: Object.fromEntries(TIERS.map((t) => [t, { total: 0, featured: [], tasks: [] }])) as unknown as Record<Tier, TierSummary>,
  filters: { categories: [], tasks: [], industries: [] },
  category_counts: {},
};

/** The published manifest (an empty library before the first build). */
export async function libraryManifest(): Promise<Manifest> {
  const version = await currentVersion();
  if (!version) return EMPTY;
  let manifest = manifests.get(version);
  if (!manifest) {
    manifest = readJson<Manifest>(`v/${version}/manifest.json`);
    manifests.clear();
    manifests.set(version, manifest);
    manifest.catch(() => manifests.delete(version));
  }
  return manifest;
}

const chunk = (m: Manifest, tier: Tier, n: number) => cachedFile<LibraryPrompt[]>(`v/${m.version}/${tier}/${n}.json`);

/** Views [from, to) of a tier in library order: only the chunks that hold them. */
async function viewsBetween(m: Manifest, tier: Tier, from: number, to: number): Promise<LibraryPrompt[]> {
  if (to <= from) return [];
  const first = Math.floor(from / m.chunk_size);
  const last = Math.floor((to - 1) / m.chunk_size);
  const chunks = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => chunk(m, tier, first + i)));
  return chunks.flat().slice(from - first * m.chunk_size, to - first * m.chunk_size);
}

/** The tier's every view (the embedded search engine's corpus), kept for the current version only. */
let corpus: { key: string; views: Promise<{ views: LibraryPrompt[]; titles: string[]; bodies: string[] }> } | undefined;
function tierCorpus(m: Manifest, tier: Tier) {
  const key = `${m.version}/${tier}`;
  if (corpus?.key !== key) {
    const views = viewsBetween(m, tier, 0, m.tiers[tier].total).then((views) => ({
      views,
      titles: views.map((p) => p.title.toLowerCase()),
      bodies: views.map((p) => p.body.toLowerCase()),
    }));
    corpus = { key, views };
    views.catch(() => (corpus = undefined));
  }
  return corpus.views;
}

const list = (csv: string | undefined) =>
  csv
    ? csv
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** Page arithmetic shared by every way of answering a page. */
function pageWindow(query: LibraryQuery, total: number) {
  const pageSize = Math.min(Number(query.page_size ?? LIBRARY_PAGE_SIZE), LIBRARY_PAGE_SIZE_MAX);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Number(query.page ?? 1), totalPages);
  return { pageSize, totalPages, page, from: (page - 1) * pageSize, to: Math.min(total, page * pageSize) };
}

/**
 * The tier's corpus positions in another order (popular: most forks first; newest: latest
 * created first; ties in library order), computed once per version and tier per container.
 */
const orders = new Map<string, Promise<Int32Array>>();
function orderOf(m: Manifest, tier: Tier, sort: 'popular' | 'newest'): Promise<Int32Array> {
  const key = `${m.version}/${tier}/${sort}`;
  let order = orders.get(key);
  if (!order) {
    for (const k of orders.keys()) if (!k.startsWith(`${m.version}/`)) orders.delete(k);
    order = tierCorpus(m, tier).then(({ views }) => {
      const positions = Int32Array.from(views.keys());
      const key = sort === 'popular' ? (i: number) => -(views[i]!.forks ?? 0) : undefined;
      if (key) return positions.sort((a, b) => key(a) - key(b) || a - b);
      return positions.sort((a, b) => {
        const x = views[a]!.created_at ?? '';
        const y = views[b]!.created_at ?? '';
        return x < y ? 1 : x > y ? -1 : a - b;
      });
    });
    orders.set(key, order);
    order.catch(() => orders.delete(key));
  }
  return order;
}

/**
 * One page of the library as a caller of `tier` sees it. Without search, category, tasks,
 * industries, 'available' or a sort of its own the page comes straight from the chunk(s) holding
 * it; otherwise the search engine answers when the stage has one (library-search.ts), and else the
 * embedded engine filters the tier's views with the client's semantics: text in
 * title or body (case-insensitive; a locked prompt's stored body is its teaser,
 * so hidden text never matches), category by name, tasks / industries matching any selected
 * value, `available` dropping locked prompts. Sorts: relevance (title matches first, then the
 * body matches, each in library order), popular, newest, title (library order, A–Z). The whole match set
 * is ordered before it is paged, so every page follows the one order.
 */
export async function queryLibrary(tier: Tier, query: LibraryQuery): Promise<LibraryPage> {
  const m = await libraryManifest();
  const summary = m.tiers[tier];
  const search = query.search?.trim().toLowerCase() ?? '';
  const tasks = new Set(list(query.tasks));
  const industries = new Set(list(query.industries));
  const category = query.category?.trim();
  const available = query.available === 'true';
  const sort = query.sort ?? 'relevance';
  const reordered = sort === 'popular' || sort === 'newest';
  if (!search && !category && !industries.size && !tasks.size && !available && !reordered) {
    const w = pageWindow(query, summary.total);
    return {
      prompts: await viewsBetween(m, tier, w.from, w.to),
      total: summary.total,
      page: w.page,
      page_size: w.pageSize,
      total_pages: w.totalPages,
      featured: summary.featured,
      available_tasks: summary.tasks,
    };
  }
  const endpoint = searchEndpoint();
  if (endpoint) {
    const { sortedDistinct } = await import('../data/library');
    const page = await searchPage(endpoint, tier, query, (total) => pageWindow(query, total), sortedDistinct);
    return { ...page, featured: summary.featured, available_tasks: page.available_tasks ?? summary.tasks };
  }
  const { views, titles, bodies } = await tierCorpus(m, tier);
  const order = reordered ? await orderOf(m, tier, sort) : undefined;
  const narrowed = Boolean(search || category || industries.size || available);
  const inTitle = (i: number) => titles[i]!.includes(search);
  const keep = (i: number) => {
    const p = views[i]!;
    return (
      (!search || inTitle(i) || bodies[i]!.includes(search)) &&
      (!category || p.category_name === category) &&
      (!industries.size || p.industries.some((industry) => industries.has(industry))) &&
      (!available || !p.locked)
    );
  };
  const positions: number[] = [];
  if (order) {
    for (const i of order) if (keep(i)) positions.push(i);
  } else {
    for (let i = 0; i < views.length; i++) if (keep(i)) positions.push(i);
    // Relevance: prompts whose title holds the search first (a stable partition keeps library order).
    if (search && sort === 'relevance') {
      const titled = positions.filter(inTitle);
      if (titled.length && titled.length < positions.length) positions.splice(0, positions.length, ...titled, ...positions.filter((i) => !inTitle(i)));
    }
  }
  const bySearchCategoryIndustry = positions.map((i) => views[i]!);
  const matching = tasks.size ? bySearchCategoryIndustry.filter((p) => p.tasks.some((t) => tasks.has(t))) : bySearchCategoryIndustry;
  const w = pageWindow(query, matching.length);
  const { sortedDistinct } = await import('../data/library');
  return {
    prompts: matching.slice(w.from, w.to),
    total: matching.length,
    page: w.page,
    page_size: w.pageSize,
    total_pages: w.totalPages,
    featured: summary.featured,
    available_tasks: narrowed ? sortedDistinct(bySearchCategoryIndustry.flatMap((p) => p.tasks)) : summary.tasks,
  };
}

/**
 * One library prompt as a caller of `tier` sees it (a locked one is its teaser: read from the
 * tier's own files, which hold no text above the tier), or undefined when it is not in the library.
 */
export async function libraryView(tier: Tier, id: string): Promise<LibraryPrompt | undefined> {
  const m = await libraryManifest();
  const entry = (await revisionsIn(m, [id])).get(id);
  if (!entry) return undefined;
  const [view] = await viewsBetween(m, tier, entry[2], entry[2] + 1);
  return view && view.id === id ? view : undefined;
}

/** Category names, tasks and industries across the library. */
export const libraryFilters = async (): Promise<LibraryFilters> => (await libraryManifest()).filters;

/** Revision, tier and position of each id that is in the library (reads one bucket per distinct bucket). */
export const libraryRevisions = async (ids: readonly string[]) => revisionsIn(await libraryManifest(), ids);

/**
 * The entries of one version: a position is only valid in the version it was read from, so a
 * reader that goes on to a view file reads both from one manifest (another version may be
 * published between two reads of `current.json`, and its positions differ).
 */
async function revisionsIn(m: Manifest, ids: readonly string[]): Promise<Map<string, RevisionEntry>> {
  const found = new Map<string, RevisionEntry>();
  if (!m.prompt_count || !ids.length) return found;
  const byBucket = new Map<number, string[]>();
  for (const id of new Set(ids)) {
    const b = bucketOf(id, m.revision_buckets);
    byBucket.set(b, [...(byBucket.get(b) ?? []), id]);
  }
  await Promise.all(
    [...byBucket].map(async ([b, wanted]) => {
      const bucket = await cachedFile<Record<string, RevisionEntry>>(`v/${m.version}/rev/${b}.json`);
      for (const id of wanted) if (bucket[id]) found.set(id, bucket[id]);
    }),
  );
  return found;
}

/** A library prompt's full content from the snapshot (the elite views hide nothing), with its revision. */
export async function snapshotOriginal(id: string): Promise<{ view: LibraryPrompt; revision: string } | undefined> {
  const m = await libraryManifest();
  const entry = (await revisionsIn(m, [id])).get(id);
  if (!entry) return undefined;
  const [view] = await viewsBetween(m, 'elite', entry[2], entry[2] + 1);
  return view && view.id === id ? { view, revision: entry[0] } : undefined;
}
