import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Construct } from '../../sdk/src/index';
import { NEXT_CURSOR_HEADER } from '../../shared/routes';
import { apiUrl, call, type Reply, signUp } from '../support/api';
import { setTier } from '../support/db';

/**
 * The user's own lists answer whole, up to 900 KB, and then in pages (docs/architecture.md,
 * "Bounded answers"): an elite user has no prompt or snippet limit, and 20,000-character bodies
 * make a few dozen of them more than 1 MB. Every answer stays below 1 MB, and following the
 * cursor walks the whole list once, in the list's order.
 */
const MB = 1024 * 1024;
const COUNT = 60;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

// A body of 20 INPUT variables with long defaults: about 19 KB, and as large in the registry list.
const bigBody = (i: number) => Array.from({ length: 20 }, (_, j) => `[INPUT: field${j}=${String(i).padStart(4, '0')}${'d'.repeat(900)}]`).join('\n');

async function walk(path: string, token: string, rowsOf: (body: any) => any[]) {
  const sizes: number[] = [];
  const rows: any[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const reply: Reply = await call('GET', `${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 200)).toBe(200);
    sizes.push(Buffer.byteLength(JSON.stringify(reply.body)));
    rows.push(...rowsOf(reply.body));
    cursor = reply.headers.get(NEXT_CURSOR_HEADER);
    if (!cursor) return { sizes, rows };
  }
  throw new Error(`${path}: more than 20 pages`);
}

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp(), signUp()]);
  await setTier(owner.id, 'elite');
  for (let i = 0; i < COUNT; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) => i + k).flatMap((n) => [
        call('POST', '/prompts/', {
          token: owner.token,
          json: { title: `Big prompt ${String(n).padStart(3, '0')}`, body: bigBody(n), category_id: null, tasks: [`task-${n % 7}`], industries: [] },
        }),
        call('POST', '/context/snippets', {
          token: owner.token,
          json: { snippet_name: `Snippet ${String(n).padStart(3, '0')}`, snippet_content: 's'.repeat(19_000) },
        }),
      ]),
    ).then((replies) => {
      for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(201);
    });
  }
}, 120_000);

describe('the caller’s own lists past 1 MB', () => {
  it.each([
    ['/prompts/', (body: any) => body.prompts, (row: any) => row.id],
    ['/context/snippets', (body: any) => body, (row: any) => row.id],
    ['/registry/prompts', (body: any) => body.prompts, (row: any) => row.slug],
  ])('%s answers pages below 1 MB that hold the whole list once, in order', async (path, rowsOf, key) => {
    const whole = COUNT * 19_000;
    expect(whole).toBeGreaterThan(MB);
    const { sizes, rows } = await walk(path, owner.token, rowsOf);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toBeLessThan(MB);
    const keys = rows.map(key);
    expect(new Set(keys).size).toBe(COUNT);
    expect(keys).toHaveLength(COUNT);
    // The pages follow the list's one order (prompts newest first, snippets and slugs by name).
    const single = (await call('GET', path, { token: owner.token })).body;
    expect(rowsOf(single).map(key)).toEqual(keys.slice(0, rowsOf(single).length));
  });

  it('gives every page of the prompts the filters of the whole workspace', async () => {
    const first = await call('GET', '/prompts/', { token: owner.token });
    const second = await call('GET', `/prompts/?cursor=${encodeURIComponent(first.headers.get(NEXT_CURSOR_HEADER)!)}`, { token: owner.token });
    expect(first.body.filters.tasks).toHaveLength(7);
    expect(second.body.filters).toEqual(first.body.filters);
  });

  it('refuses a cursor that is not one of this list’s, with a detail', async () => {
    const cursor = (await call('GET', '/prompts/', { token: owner.token })).headers.get(NEXT_CURSOR_HEADER)!;
    for (const [path, token, given] of [
      ['/prompts/', owner.token, 'garbage'],
      ['/prompts/', owner.token, `${cursor}x`],
      ['/context/snippets', owner.token, cursor], // another list's
      ['/prompts/', other.token, cursor], // another user's
    ] as const) {
      const reply = await call('GET', `${path}?cursor=${encodeURIComponent(given)}`, { token });
      expect(reply.status, `${path} ${given.slice(0, 10)}`).toBe(400);
      expect(reply.body.detail).toMatch(/cursor is not valid/);
    }
  });

  it("MCP prompts/list pages with MCP's own cursor, below 1 MB each, through the official client", async () => {
    const key = (await call('POST', '/api-keys', { token: owner.token, json: { name: 'big lists', password: owner.password } })).body.key as string;
    const client = new Client({ name: 'construct-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${apiUrl()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.listPrompts(cursor ? { cursor } : {});
        expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(MB);
        names.push(...page.prompts.map((p) => p.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(names).size).toBe(COUNT);
      await expect(client.listPrompts({ cursor: 'garbage' })).rejects.toThrow(/cursor is not valid/);
    } finally {
      await client.close();
    }
  });

  it("the SDK's list follows the pages to the whole list", async () => {
    const key = (await call('POST', '/api-keys', { token: owner.token, json: { name: 'sdk list', password: owner.password } })).body.key as string;
    const construct = new Construct({ apiKey: key, baseUrl: inject('baseUrl').replace('//localhost:', '//127.0.0.1:') });
    const listed = await construct.prompts.list();
    expect(new Set(listed.map((p) => p.slug)).size).toBe(COUNT);
  });

  it('answers a small list whole, without a cursor', async () => {
    const reply = await call('GET', '/prompts/', { token: other.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });
});
