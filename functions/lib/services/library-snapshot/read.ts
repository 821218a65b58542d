import type { LibraryFilters, LibraryPage, LibraryPrompt, LibraryQuery } from '@shared/contract/library';
import { TIERS, type Tier } from '@shared/tiers';
import { sortedDistinct } from '../../data/library-views';
import { searchEndpoint, searchPage } from '../library-search';
import { requestRebuild } from './build';
import { type Corpus, corpusPage, orderPositions, pageWindow, readQuery } from './query';
import {
  bucketOf,
  CHUNK_SIZE,
  inAws,
  type Manifest,
  parseCurrent,
  type RevisionEntry,
  type SnapshotStore,
  setSnapshotStore,
  snapshotStore,
  type TierSummary,
} from './store';

/**
 * The reader, per container: the published version (checked at most once per
 * LIBRARY_SNAPSHOT_TTL_MS), its manifest and the files requests need, cached; library pages,
 * single prompts, filters and fork revisions from them (store.ts has the layout).
 */

/** How long a container trusts the version it last saw: a few seconds in AWS, none locally (a file read). */
const ttlMs = () => Number(process.env.LIBRARY_SNAPSHOT_TTL_MS ?? (inAws() ? 5000 : 0));

let checked: { version: string | undefined; at: number } | undefined;

/** Points this container at another store (the benchmark's in-memory one), forgetting the version it saw. */
export function useSnapshotStore(next: SnapshotStore): void {
  setSnapshotStore(next);
  checked = undefined;
}

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

/** The tier's every view (the embedded engine's corpus), kept for the current version only. */
let corpus: { key: string; views: Promise<Corpus> } | undefined;
function tierCorpus(m: Manifest, tier: Tier): Promise<Corpus> {
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

/** The tier's corpus positions in another order, computed once per version and tier per container. */
const orders = new Map<string, Promise<Int32Array>>();
function orderOf(m: Manifest, tier: Tier, sort: 'popular' | 'rating' | 'newest'): Promise<Int32Array> {
  const key = `${m.version}/${tier}/${sort}`;
  let order = orders.get(key);
  if (!order) {
    for (const k of orders.keys()) if (!k.startsWith(`${m.version}/`)) orders.delete(k);
    order = tierCorpus(m, tier).then(({ views }) => orderPositions(views, sort));
    orders.set(key, order);
    order.catch(() => orders.delete(key));
  }
  return order;
}

/**
 * One page of the library as a caller of `tier` sees it. Without search, category, tasks,
 * industries, 'available' or a sort of its own the page comes straight from the chunk(s) holding
 * it; otherwise the search engine answers when the stage has one (library-search.ts), and else the
 * embedded engine (query.ts) filters the tier's views with the client's semantics.
 */
export async function queryLibrary(tier: Tier, query: LibraryQuery): Promise<LibraryPage> {
  const m = await libraryManifest();
  const summary = m.tiers[tier];
  const q = readQuery(query);
  if (q.plain) {
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
    const page = await searchPage(endpoint, tier, query, (total) => pageWindow(query, total), sortedDistinct);
    return { ...page, featured: summary.featured, available_tasks: page.available_tasks ?? summary.tasks };
  }
  const order = q.reordered ? await orderOf(m, tier, q.sort as 'popular' | 'rating' | 'newest') : undefined;
  const page = corpusPage(await tierCorpus(m, tier), order, q, query);
  return { ...page, featured: summary.featured, available_tasks: page.available_tasks ?? summary.tasks };
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
