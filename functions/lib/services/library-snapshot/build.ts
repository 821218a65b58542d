import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FEATURED_MAX, type LibraryPrompt } from '@shared/contract/library';
import { TIERS, type Tier } from '@shared/tiers';
import { hasVariables } from '@shared/variables';
import { allLibraryCategories, allLibraryPrompts, type LibraryCategoryItem, type LibraryPromptItem, libraryForkCounts } from '../../data/library';
import { type LibraryUse, libraryUse } from '../../data/library-use';
import { countsOf, type LibraryCounts, libraryRevision, sortedDistinct, viewFor } from '../../data/library-views';
import { applyIndexChanges, documentHash, searchDocument, searchEndpoint } from '../library-search';
import {
  bucketOf,
  CHUNK_SIZE,
  inAws,
  localSnapshotDir,
  type Manifest,
  parseCurrent,
  REVISION_BUCKET_TARGET,
  type RevisionEntry,
  type SnapshotStore,
  snapshotStore,
  type TierSummary,
} from './store';

/** The builder: one snapshot version from the library's items, published when no later build has been (store.ts has the layout). */

/**
 * Builds and publishes one snapshot version from every prompt (sorted by title, then id) and
 * category. Views are written chunk by chunk, so besides the items only one chunk is held.
 */
export async function buildSnapshot(
  prompts: readonly LibraryPromptItem[],
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  target: SnapshotStore,
  version = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  counts: ReadonlyMap<string, LibraryCounts> = new Map(),
  { indexed = false } = {},
): Promise<Manifest> {
  const base = `v/${version}/`;
  const variables = prompts.map((p) => hasVariables(p.body));
  const tiers = {} as Record<Tier, TierSummary>;
  const writes: Promise<void>[] = [];
  for (const tier of TIERS) {
    const tasks = new Set<string>();
    const featured: LibraryPrompt[] = [];
    for (let start = 0, n = 0; start < prompts.length || n === 0; start += CHUNK_SIZE, n++) {
      const chunk = prompts.slice(start, start + CHUNK_SIZE).map((p, i) => viewFor(p, tier, categories, variables[start + i], counts.get(p.id)));
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
    const entry: RevisionEntry = [libraryRevision(p), p.access_tier, position];
    if (indexed) entry.push(documentHash(searchDocumentOf(p, categories, counts, variables[position])));
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
  counts: ReadonlyMap<string, LibraryCounts>,
  variables: boolean | undefined,
) {
  return searchDocument(Object.fromEntries(TIERS.map((t) => [t, viewFor(p, t, categories, variables, counts.get(p.id))])) as Record<Tier, LibraryPrompt>);
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
  counts: ReadonlyMap<string, LibraryCounts>,
) {
  const before = await indexedHashes(target, published);
  const put = [];
  for (const p of prompts) {
    const doc = searchDocumentOf(p, categories, counts, undefined);
    if (before.get(p.id) !== documentHash(doc)) put.push(doc);
    before.delete(p.id);
  }
  await applyIndexChanges(endpoint, { put, remove: [...before.keys()] });
  return { indexed: put.length, removed: before.size };
}

/** What a build reads: every prompt (sorted by title, then id), the categories, the fork counts, and runs and ratings. */
export interface LibraryContent {
  prompts: LibraryPromptItem[];
  categories: Map<string, LibraryCategoryItem>;
  forkCounts: Map<string, number>;
  use?: Map<string, LibraryUse>;
}

async function libraryFromTable(): Promise<LibraryContent> {
  const [prompts, categories] = await Promise.all([allLibraryPrompts(), allLibraryCategories()]);
  const ids = prompts.map((p) => p.id);
  const [forkCounts, use] = await Promise.all([libraryForkCounts(ids), libraryUse(ids)]);
  return { prompts, categories, forkCounts, use };
}

/** Reads the library (from the table), builds and points `current.json` at the new version. */
export async function rebuildSnapshot(target: SnapshotStore = snapshotStore(), read: () => Promise<LibraryContent> = libraryFromTable): Promise<Manifest> {
  const startedAt = Date.now();
  const { prompts, categories, forkCounts, use } = await read();
  const counts = new Map(prompts.map((p) => [p.id, countsOf(p, forkCounts.get(p.id) ?? 0, use?.get(p.id))]));
  const endpoint = searchEndpoint();
  const manifest = await buildSnapshot(prompts, categories, target, undefined, counts, { indexed: Boolean(endpoint) });
  const publish = async () => {
    // Another process may have published a build that started later (it read newer items): keep it.
    const before = parseCurrent(await target.get('current.json'));
    if (before && before.started_at > startedAt) return manifest;
    if (endpoint) {
      const synced = await syncSearchIndex(endpoint, target, before?.version, prompts, categories, counts);
      console.info(JSON.stringify({ message: 'library search index updated', version: manifest.version, ...synced }));
    }
    await target.put('current.json', JSON.stringify({ version: manifest.version, started_at: startedAt }));
    await target.prune?.([manifest.version, ...(before ? [before.version] : [])]);
    return manifest;
  };
  return target.exclusive ? target.exclusive(publish) : publish();
}

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

/**
 * Locally, before a bulk write that may stop part-way (`npm run library:import`): the published
 * snapshot is dropped, so an import that never finishes leaves the next library read to build one
 * from the table instead of serving the library from before it.
 */
export async function dropLocalSnapshot(): Promise<void> {
  if (!inAws()) await rm(join(localSnapshotDir(), 'current.json'), { force: true });
}
