import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryQuery } from '@shared/contract/library';
import { TIERS } from '@shared/tiers';
import type { LibraryCategoryItem, LibraryPromptItem } from '../../functions/lib/data/library';
import { byTitle } from '../../functions/lib/data/library';
import { SEARCH_ENDPOINT_ENV } from '../../functions/lib/services/library-search';
import { type LibraryContent, rebuildSnapshot } from '../../functions/lib/services/library-snapshot/build';
import { queryLibrary, useSnapshotStore } from '../../functions/lib/services/library-snapshot/read';
import { folderStore } from '../../functions/lib/services/library-snapshot/store';
import { libraryEntries } from '../bench/synthetic';
import { type FakeOpenSearch, startFakeOpenSearch } from '../support/fake-opensearch';

/**
 * The search engine path of the library (an OpenSearch Serverless collection when the stage
 * enables it): the product's SigV4-signed requests (the AWS SDK's signer) against a loopback
 * server that evaluates the queries as OpenSearch does (tests/support/fake-opensearch.ts). It must answer what the embedded
 * engine answers, never let hidden text match or leave for a lower tier, and be kept in step by
 * the snapshot builder with only what changed.
 */
process.env.AWS_ACCESS_KEY_ID ??= 'test-key';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test-secret';
process.env.AWS_REGION ??= 'us-east-1';

const SECRET_WORD = 'zanzibarsecret';
const now = '2026-11-25T10:00:00.000Z';
let fake: FakeOpenSearch;
let dir: string;
let content: LibraryContent;

function libraryOf(count: number): LibraryContent {
  const categories = new Map<string, LibraryCategoryItem>();
  const prompts: LibraryPromptItem[] = libraryEntries(count, 7).map((e, i) => {
    let category_id: string | null = null;
    if (e.category) {
      category_id = `cat-${e.category.toLowerCase().replace(/\W+/g, '-')}`;
      categories.set(category_id, { id: category_id, name: e.category } as LibraryCategoryItem);
    }
    // Creation times spread over days (ties too), so 'newest' has an order of its own.
    const created_at = new Date(Date.parse(now) - (i % 97) * 86_400_000).toISOString();
    return {
      id: e.id,
      title: e.title,
      body: e.body,
      category_id,
      tasks: e.tasks,
      industries: e.industries,
      access_tier: e.access_tier,
      owner_email: 'curator@test.local',
      created_at,
      updated_at: created_at,
    };
  });
  // A pro prompt whose hidden text (past the teaser) holds a word nothing else has.
  prompts.push({
    id: 'hidden-pro',
    title: 'Quarterly board memo',
    body: `${'Write a board memo about the quarter. '.repeat(4)}Mention ${SECRET_WORD} in the closing line.`,
    category_id: null,
    tasks: ['Writing'],
    industries: [],
    access_tier: 'pro',
    owner_email: 'curator@test.local',
    created_at: now,
    updated_at: now,
  });
  prompts.sort(byTitle);
  const forkCounts = new Map(prompts.filter((_, i) => i % 7 === 0).map((p, i) => [p.id, (i * 13) % 9]));
  return { prompts, categories, forkCounts };
}

const read = async () => content;
const searchRequests = () => fake.requests.filter((r) => r.path.endsWith('/_search'));

async function withEngine<T>(on: boolean, run: () => Promise<T>): Promise<T> {
  const before = process.env[SEARCH_ENDPOINT_ENV];
  if (on) process.env[SEARCH_ENDPOINT_ENV] = fake.url;
  else delete process.env[SEARCH_ENDPOINT_ENV];
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env[SEARCH_ENDPOINT_ENV];
    else process.env[SEARCH_ENDPOINT_ENV] = before;
  }
}

beforeAll(async () => {
  fake = await startFakeOpenSearch();
  dir = mkdtempSync(join(tmpdir(), 'library-search-'));
  useSnapshotStore(folderStore(dir));
  process.env.LIBRARY_SNAPSHOT_TTL_MS = '0';
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  content = libraryOf(600);
});

const QUERIES: LibraryQuery[] = [
  { search: 'email' },
  { search: 'customer', sort: 'popular' },
  { search: 'lesson plan', page: '2', page_size: '10' },
  { search: 'risk', available: 'true' },
  { category: 'Marketing' },
  { category: 'Sales', sort: 'newest', page: '3', page_size: '5' },
  { industries: 'SaaS,Healthcare', tasks: 'Research' },
  { tasks: 'Writing,Planning', sort: 'title' },
  { sort: 'popular', page_size: '25' },
  { sort: 'newest' },
  { available: 'true', page: '999' },
  { search: 'no such words anywhere' },
  { search: SECRET_WORD },
];

describe('library search engine', () => {
  it('answers every kind of page as the embedded engine does, for every tier', async () => {
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    for (const tier of TIERS) {
      for (const query of QUERIES) {
        const embedded = await withEngine(false, () => queryLibrary(tier, query));
        const engine = await withEngine(true, () => queryLibrary(tier, query));
        const label = `${tier} ${JSON.stringify(query)}`;
        expect({ ...engine, prompts: engine.prompts.map((p) => p.id) }, label).toEqual({ ...embedded, prompts: embedded.prompts.map((p) => p.id) });
        expect(engine.prompts, label).toEqual(embedded.prompts);
      }
    }
    // Each page above went to the engine; a plain page of library order never does.
    const asked = searchRequests().length;
    expect(asked).toBeGreaterThanOrEqual(QUERIES.length * TIERS.length);
    await withEngine(true, () => queryLibrary('free', { page: '2' }));
    expect(searchRequests().length).toBe(asked);
  });

  it('never matches text above the caller’s tier, and sends only the caller’s tier’s view', async () => {
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    const free = await withEngine(true, () => queryLibrary('free', { search: SECRET_WORD }));
    expect(free.total).toBe(0);
    const pro = await withEngine(true, () => queryLibrary('pro', { search: SECRET_WORD }));
    expect(pro.prompts.map((p) => p.id)).toEqual(['hidden-pro']);
    expect(pro.prompts[0]!.body).toContain(SECRET_WORD);

    const teaserPage = await withEngine(true, () => queryLibrary('free', { search: 'quarterly board' }));
    expect(teaserPage.prompts.map((p) => p.id)).toEqual(['hidden-pro']);
    expect(teaserPage.prompts[0]).toMatchObject({ locked: true });
    expect(teaserPage.prompts[0]!.body).not.toContain(SECRET_WORD);
    const request = searchRequests().at(-1)!;
    expect(request.body._source).toEqual(['views.free']);
  });

  it('signs its requests for OpenSearch Serverless (SigV4, service aoss)', async () => {
    await withEngine(true, () => queryLibrary('elite', { search: 'email' }));
    const request = searchRequests().at(-1)!;
    expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/aoss\/aws4_request/);
  });

  it('indexes only what changed since the published snapshot, and deletes what left the library', async () => {
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    let seen = fake.requests.length;
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    expect(bulkOperationsSince(seen), 'an unchanged library writes nothing').toEqual([]);

    seen = fake.requests.length;
    const edited = content.prompts[10]!;
    edited.body = `${edited.body} Now also in Klingon.`;
    edited.updated_at = new Date().toISOString();
    const removed = content.prompts.splice(20, 1)[0]!;
    content.forkCounts.set(content.prompts[30]!.id, 41);
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    const ops = bulkOperationsSince(seen);
    expect(
      ops
        .filter((o) => 'index' in o)
        .map((o) => o.index._id)
        .sort(),
    ).toEqual([edited.id, content.prompts[30]!.id].sort());
    expect(ops.filter((o) => 'delete' in o).map((o) => o.delete._id)).toEqual([removed.id]);
    expect(fake.documents.has(removed.id)).toBe(false);
    expect(fake.documents.get(edited.id)!.body).toContain('Klingon');
  });

  it('keeps the published snapshot when the index cannot be brought in step', async () => {
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    const before = await withEngine(true, () => queryLibrary('elite', { page_size: '1' }));
    content.prompts.unshift({ ...content.prompts[0]!, id: 'aaa-new', title: '0 A first prompt' });
    fake.failBulk = true;
    try {
      await expect(withEngine(true, () => rebuildSnapshot(undefined, read))).rejects.toThrow(/bulk write failed \(503: collection unavailable\)/);
    } finally {
      fake.failBulk = false;
    }
    const after = await withEngine(true, () => queryLibrary('elite', { page_size: '1' }));
    expect(after.total).toBe(before.total);
    // The retry (the stream's) indexes the new prompt, then publishes.
    await withEngine(true, () => rebuildSnapshot(undefined, read));
    expect((await withEngine(true, () => queryLibrary('elite', { page_size: '1' }))).prompts[0]!.id).toBe('aaa-new');
    expect(fake.documents.has('aaa-new')).toBe(true);
  });
});

function bulkOperationsSince(from: number, to = fake.requests.length): any[] {
  return fake.requests
    .slice(from, to)
    .filter((r) => r.path === '/_bulk')
    .flatMap((r) => r.body.filter((line: object) => 'index' in line || 'delete' in line));
}
