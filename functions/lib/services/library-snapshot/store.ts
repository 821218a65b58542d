import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LibraryFilters, LibraryPrompt } from '@shared/contract/library';
import type { Tier } from '@shared/tiers';
import { config } from '../../http/config';

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
 * In AWS a DynamoDB Streams consumer (functions/library/build-snapshot.ts) runs the builder (build.ts) after
 * library writes, batched and with one concurrent build, so an edit burst or fork-count bumps
 * never start a rebuild herd. Locally the same builder runs in process after each library write,
 * coalesced: writes during a build share the one build that follows it. This module is the
 * layout and the store; build.ts writes versions, read.ts reads them (per container, cached) and
 * query.ts is the embedded engine that pages and filters a tier's views.
 */

export const CHUNK_SIZE = 500;
/** Ids per revision bucket (lineage reads one bucket per distinct original of a workspace's forks). */
export const REVISION_BUCKET_TARGET = 1000;

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
  /** Built for the search engine: each revision entry carries its document's hash (services/library-search.ts). */
  search_indexed?: boolean;
}
/**
 * A library prompt's content revision, access tier and position in library order, and, when the
 * search engine is on, the hash of its search document (the next build indexes only what changed).
 */
export type RevisionEntry = [revision: string, tier: Tier, position: number, documentHash?: string];

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

export const inAws = () => Boolean(process.env.LIBRARY_BUCKET);
let store: SnapshotStore | undefined;
/** The store of this container: the bucket in AWS, the local folder otherwise. */
export const snapshotStore = () => (store ??= inAws() ? s3Store(process.env.LIBRARY_BUCKET!) : folderStore(localSnapshotDir()));
/** Replaces it (read.ts `useSnapshotStore`, which also forgets what the reader had cached). */
export const setSnapshotStore = (next: SnapshotStore) => {
  store = next;
};

/** `current.json`: the published version and when its build started. */
export const parseCurrent = (text: string | undefined) => (text ? (JSON.parse(text) as { version: string; started_at: number }) : undefined);

/** The revision bucket of a prompt id. */
export const bucketOf = (id: string, buckets: number) => createHash('sha1').update(id).digest().readUInt32BE(0) % buckets;
