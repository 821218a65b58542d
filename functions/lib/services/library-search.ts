import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { LibraryPage, LibraryPrompt, LibraryQuery } from '@shared/contract/library';
import { TIERS, type Tier } from '@shared/tiers';
import { config } from '../http/config';

/**
 * The library's search engine at scale (docs/architecture.md, "Library search"): an OpenSearch
 * Serverless collection, enabled per stage (`-c librarySearch=opensearch`), answers every library
 * page that is not a plain slice of library order (a search, a filter, a sort of its own).
 * Without it (the local stack, small deployments) the embedded engine in library-snapshot/query.ts
 * scans the tier's views.
 *
 * One document per library prompt holds each tier's view (locked ones already cut to their
 * teaser) and the text a search may match: the whole body only for callers whose tier opens the
 * prompt, its teaser for the others. Hidden text never matches, and only the caller's tier's view
 * leaves the engine.
 *
 * The snapshot builder keeps the index in step (library-snapshot/build.ts): it indexes the documents
 * whose content changed since the last published snapshot and deletes the removed ones, before it
 * publishes, so a published snapshot never points at an index older than itself.
 */
export const SEARCH_ENDPOINT_ENV = 'LIBRARY_SEARCH_ENDPOINT';
const INDEX = 'library';
const BULK_DOCUMENTS = 500;

/** The collection endpoint when the stage enables the engine (read per call: tests switch it). */
export const searchEndpoint = () => process.env[SEARCH_ENDPOINT_ENV] || undefined;

const rank = (tier: Tier) => TIERS.indexOf(tier);

export interface SearchDocument {
  id: string;
  title: string;
  /** Library order in the engine: the title without case and accents (as the collator compares), then the id. */
  title_sort: string;
  body: string;
  teaser: string;
  tier_rank: number;
  category_name: string | null;
  tasks: string[];
  industries: string[];
  forks: number;
  /** Runs and saves (sort=popular). */
  popularity: number;
  /** The shown average, -1 unrated (sort=rating), and how many ratings it has. */
  rating: number;
  rating_count: number;
  created_at: string;
  /** Each tier's view, returned as it is (stored, not indexed). */
  views: Record<Tier, LibraryPrompt>;
}

export const titleSortKey = (title: string) => title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The document of one prompt from its tier views (the same views the snapshot files hold). */
export function searchDocument(views: Record<Tier, LibraryPrompt>): SearchDocument {
  // Elite opens every prompt; a prompt locked for anyone is locked for free users, as its teaser.
  const elite = views.elite;
  return {
    id: elite.id,
    title: elite.title,
    title_sort: titleSortKey(elite.title),
    body: elite.body,
    teaser: views.free.body,
    tier_rank: rank(elite.access_tier),
    category_name: elite.category_name,
    tasks: elite.tasks,
    industries: elite.industries,
    forks: elite.forks ?? 0,
    popularity: (elite.forks ?? 0) + (elite.runs ?? 0),
    rating: elite.rating?.average ?? -1,
    rating_count: elite.rating?.count ?? 0,
    created_at: elite.created_at ?? '',
    views,
  };
}

/** A short fingerprint of what the engine holds for a prompt: a changed one is indexed again. */
export const documentHash = (doc: SearchDocument) => createHash('sha1').update(JSON.stringify(doc)).digest('base64url').slice(0, 12);

// ---- Client ------------------------------------------------------------------------------------

/** SHA-256 (and its HMAC) from node:crypto, in the shape the SigV4 signer takes. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}
const toBytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

let signer: Promise<import('@smithy/signature-v4').SignatureV4> | undefined;

/**
 * One request to the collection, signed with the function's role (SigV4, service `aoss`). The AWS
 * SDK's own signer and credential chain, already in every function with the DynamoDB client: the
 * OpenSearch client package would add about 500 KB to each function that reads the library
 * (docs/decisions.md, "Library search").
 */
async function call<T>(
  endpoint: string,
  method: 'GET' | 'HEAD' | 'PUT' | 'POST',
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: T }> {
  signer ??= Promise.all([import('@smithy/signature-v4'), import('@aws-sdk/credential-provider-node')]).then(
    ([{ SignatureV4 }, { defaultProvider }]) => new SignatureV4({ service: 'aoss', region: config.region, credentials: defaultProvider(), sha256: Sha256 }),
  );
  const url = new URL(path, endpoint);
  const payloadHash = createHash('sha256')
    .update(body ?? '')
    .digest('hex');
  const signed = await (await signer).sign({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    // OpenSearch Serverless requires the payload's hash as a header.
    headers: { host: url.host, 'x-amz-content-sha256': payloadHash, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body,
  });
  const { host: _host, ...headers } = signed.headers;
  const reply = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await reply.text();
  return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const MAPPINGS = {
  properties: {
    id: { type: 'keyword' },
    title: { type: 'text' },
    title_sort: { type: 'keyword' },
    body: { type: 'text' },
    teaser: { type: 'text' },
    tier_rank: { type: 'integer' },
    category_name: { type: 'keyword' },
    tasks: { type: 'keyword' },
    industries: { type: 'keyword' },
    forks: { type: 'integer' },
    popularity: { type: 'integer' },
    rating: { type: 'float' },
    rating_count: { type: 'integer' },
    created_at: { type: 'keyword' },
    views: { type: 'object', enabled: false },
  },
} as const;

// ---- Index sync (the snapshot builder) ---------------------------------------------------------

export interface IndexChanges {
  /** Documents new or changed since the last indexed snapshot. */
  put: SearchDocument[];
  /** Ids no longer in the library. */
  remove: string[];
}

/** Writes the changes through the bulk API; any failed item fails the sync (the build is retried). */
export async function applyIndexChanges(endpoint: string, changes: IndexChanges): Promise<void> {
  const exists = await call(endpoint, 'HEAD', `/${INDEX}`);
  if (exists.status === 404) {
    const created = await call<{ error?: { type?: string } }>(endpoint, 'PUT', `/${INDEX}`, JSON.stringify({ mappings: MAPPINGS }));
    // Another build may have created it a moment before.
    if (created.status >= 300 && created.body?.error?.type !== 'resource_already_exists_exception')
      throw new Error(`Library search index: creating the index failed (${created.status})`);
  } else if (exists.status >= 300) throw new Error(`Library search index: the collection answered ${exists.status}`);
  const operations: object[][] = [
    ...changes.put.map((doc) => [{ index: { _index: INDEX, _id: doc.id } }, doc]),
    ...changes.remove.map((id) => [{ delete: { _index: INDEX, _id: id } }]),
  ];
  for (let start = 0; start < operations.length; start += BULK_DOCUMENTS) {
    const lines = operations
      .slice(start, start + BULK_DOCUMENTS)
      .flat()
      .map((line) => `${JSON.stringify(line)}\n`)
      .join('');
    const reply = await call<{ items?: Record<string, { status: number; error?: { reason?: string } }>[] }>(
      endpoint,
      'POST',
      '/_bulk',
      lines,
      'application/x-ndjson',
    );
    if (reply.status >= 300 || !reply.body?.items) throw new Error(`Library search index: bulk write failed (${reply.status})`);
    // A delete of a document that is not there (404) is what a delete wants.
    const failed = reply.body.items.map((item) => Object.values(item)[0]!).find((r) => r.status >= 300 && r.status !== 404);
    if (failed) throw new Error(`Library search index: bulk write failed (${failed.status}: ${failed.error?.reason ?? 'no reason given'})`);
  }
}

// ---- Queries (GET /library/prompts) --------------------------------------------------------------

const LIBRARY_ORDER = [{ title_sort: 'asc' }, { id: 'asc' }];
const list = (csv: string | undefined) =>
  csv
    ? csv
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The engine's request for one page: the embedded engine's semantics in the query language. */
export function searchRequest(tier: Tier, query: LibraryQuery, from: number, size: number) {
  const r = rank(tier);
  const search = query.search?.trim() ?? '';
  const tasks = list(query.tasks);
  const industries = list(query.industries);
  const category = query.category?.trim();
  const sort = query.sort ?? 'relevance';
  const filter: object[] = [];
  if (category) filter.push({ term: { category_name: category } });
  if (industries.length) filter.push({ terms: { industries } });
  if (query.available === 'true') filter.push({ range: { tier_rank: { lte: r } } });
  // Title matches score 2, body (or, above the caller's tier, teaser) matches 1: title matches first.
  const text = search
    ? {
        dis_max: {
          queries: [
            { constant_score: { boost: 2, filter: { match_phrase_prefix: { title: search } } } },
            { constant_score: { boost: 1, filter: { bool: { filter: [{ range: { tier_rank: { lte: r } } }, { match_phrase_prefix: { body: search } }] } } } },
            { constant_score: { boost: 1, filter: { bool: { filter: [{ range: { tier_rank: { gt: r } } }, { match_phrase_prefix: { teaser: search } }] } } } },
          ],
        },
      }
    : undefined;
  const order =
    sort === 'popular'
      ? [{ popularity: 'desc' }, ...LIBRARY_ORDER]
      : sort === 'rating'
        ? [{ rating: 'desc' }, { rating_count: 'desc' }, ...LIBRARY_ORDER]
        : sort === 'newest'
          ? [{ created_at: 'desc' }, ...LIBRARY_ORDER]
          : sort === 'relevance' && search
            ? [{ _score: 'desc' }, ...LIBRARY_ORDER]
            : LIBRARY_ORDER;
  const narrowed = Boolean(search || category || industries.length || query.available === 'true');
  return {
    from,
    size,
    track_total_hits: true,
    _source: [`views.${tier}`],
    query: { bool: { filter, ...(text ? { must: [text] } : {}) } },
    sort: order,
    // Tasks narrow the hits after the task list is counted: the list offers every task of the
    // prompts the other filters keep, as the embedded engine does.
    ...(tasks.length ? { post_filter: { terms: { tasks } } } : {}),
    ...(narrowed ? { aggs: { tasks: { terms: { field: 'tasks', size: 10_000 } } } } : {}),
  };
}

interface SearchReply {
  hits: { total: { value: number }; hits: { _source: { views: Partial<Record<Tier, LibraryPrompt>> } }[] };
  aggregations?: { tasks: { buckets: { key: string }[] } };
}

/**
 * One page through the engine. `pageWindow` is the library's page arithmetic; a page past the
 * end answers the last page (a second request, only then), as the embedded engine does.
 */
export async function searchPage(
  endpoint: string,
  tier: Tier,
  query: LibraryQuery,
  pageWindow: (total: number) => { pageSize: number; totalPages: number; page: number; from: number },
  sortedDistinct: (values: Iterable<string>) => string[],
): Promise<Omit<LibraryPage, 'featured' | 'available_tasks'> & { available_tasks?: string[] }> {
  const ask = async (from: number, size: number) => {
    const reply = await call<SearchReply>(endpoint, 'POST', `/${INDEX}/_search`, JSON.stringify(searchRequest(tier, query, from, size)));
    if (reply.status !== 200) throw new Error(`Library search: the collection answered ${reply.status}`);
    return reply.body;
  };
  const wanted = pageWindow(Number.MAX_SAFE_INTEGER);
  let reply = await ask(wanted.from, wanted.pageSize);
  const total = reply.hits.total.value;
  const w = pageWindow(total);
  if (w.from !== wanted.from) reply = await ask(w.from, w.pageSize);
  return {
    prompts: reply.hits.hits.map((hit) => hit._source.views[tier]!),
    total,
    page: w.page,
    page_size: w.pageSize,
    total_pages: w.totalPages,
    available_tasks: reply.aggregations ? sortedDistinct(reply.aggregations.tasks.buckets.map((b) => b.key)) : undefined,
  };
}
