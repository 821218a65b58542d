import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { ADMIN_PAGE_MAX, NEXT_CURSOR_HEADER } from '../../shared/contract/admin';
import { adminListAll, call, type Reply } from '../support/api';
import { startOwnStack } from '../support/own-stack';

/**
 * Admin lists are paged, so no answer grows with the data (docs/architecture.md, "Bounded
 * answers"). This file fills more users and library prompts than one 1 MB answer could hold, with
 * every field at its longest, so it runs its own stack: the shared one keeps its small lists.
 */
let stack: LocalStack;
let base: string;
let token: string;
const MB = 1024 * 1024;
const ROWS = 1_500;
const ADMIN = { email: 'paging-admin@construct.test', password: 'paging-admin-password' };
// Longest values the contract allows, in 3-byte UTF-8 characters where it allows any letter.
const longName = (i: number) => `${i}`.padEnd(100, '語');
const longEmail = (i: number) => `${'u'.repeat(200)}-${String(i).padStart(5, '0')}@${'d'.repeat(40)}.test`;
const longTitle = (i: number) => `${String(i).padStart(5, '0')} `.padEnd(140, '題');

async function fill(items: Record<string, unknown>[]) {
  const doc = DynamoDBDocumentClient.from(stack.dynamo.client);
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({ RequestItems: { [process.env.TABLE_NAME ?? 'construct']: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
}

beforeAll(async () => {
  stack = await startOwnStack({ admin: ADMIN });
  base = `${stack.url}/api/v1`;
  const { userKeys } = await import('../../functions/lib/data/users');
  const { libraryKeys } = await import('../../functions/lib/data/library');
  const users = Array.from({ length: ROWS }, (_, i) => {
    const id = `paging-user-${i}`;
    return {
      ...userKeys.user(id),
      ...userKeys.usersIndex(id, longEmail(i)),
      type: 'user',
      id,
      email: longEmail(i),
      first_name: longName(i),
      last_name: longName(i),
      is_admin: false,
      access_tier: 'elite',
      created_at: new Date().toISOString(),
    };
  });
  const prompts = Array.from({ length: ROWS }, (_, i) => {
    const id = `paging-prompt-${String(i).padStart(5, '0')}`;
    return {
      ...libraryKeys.prompt(id),
      ...libraryKeys.promptIndex(id),
      type: 'library_prompt',
      id,
      title: longTitle(i),
      body: 'Body',
      category_id: null,
      tasks: [],
      industries: [],
      access_tier: 'pro',
      owner_email: longEmail(i),
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
  });
  await fill([...users, ...prompts]);
  token = (await call('POST', '/auth/login', { base, form: { username: ADMIN.email, password: ADMIN.password } })).body.access_token;
}, 120_000);
afterAll(() => stack?.stop());

describe.each([
  ['/admin/users', (row: any) => row.email.toLowerCase()],
  ['/admin/prompts', (row: any) => row.id],
])('%s pages', (path, key) => {
  it('bounds every answer below 1 MB though the whole list is larger, and walks the whole list once in order', async () => {
    const sizes: number[] = [];
    const rows: any[] = [];
    let cursor: string | null = null;
    do {
      const reply: Reply = await call('GET', `${path}?limit=${ADMIN_PAGE_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { base, token });
      expect(reply.status).toBe(200);
      expect(reply.body.length).toBeLessThanOrEqual(ADMIN_PAGE_MAX);
      sizes.push(Buffer.byteLength(JSON.stringify(reply.body)));
      rows.push(...reply.body);
      cursor = reply.headers.get(NEXT_CURSOR_HEADER);
    } while (cursor);

    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(MB);
    expect(Math.max(...sizes)).toBeLessThan(MB);
    expect(sizes.length).toBeGreaterThan(3);
    const keys = rows.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.length).toBeGreaterThanOrEqual(ROWS);
  });

  it('answers the first page without parameters, with the rows as before and the next cursor in a header', async () => {
    const reply = await call('GET', path, { base, token });
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body).toHaveLength(100);
    expect(reply.headers.get(NEXT_CURSOR_HEADER)).toMatch(/^[\w-]+\.[\w-]+$/);
    const second = await call('GET', `${path}?limit=5&cursor=${reply.headers.get(NEXT_CURSOR_HEADER)}`, { base, token });
    expect(second.body).toHaveLength(5);
    expect(key(second.body[0]) > key(reply.body[99])).toBe(true);
  });

  it('refuses a forged, foreign or broken cursor and an out-of-range limit with 400 and a detail', async () => {
    const cursor = (await call('GET', `${path}?limit=1`, { base, token })).headers.get(NEXT_CURSOR_HEADER)!;
    const [payload, mac] = cursor.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ l: path === '/admin/users' ? 'users' : 'library-prompts', a: '' })).toString('base64url');
    const otherList = (await call('GET', `${path === '/admin/users' ? '/admin/prompts' : '/admin/users'}?limit=1`, { base, token })).headers.get(
      NEXT_CURSOR_HEADER,
    )!;
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${mac!.slice(1)}A`, otherList, 'garbage', `${payload}.${mac}.x`, 'x'.repeat(3000)]) {
      const reply = await call('GET', `${path}?cursor=${encodeURIComponent(bad)}`, { base, token });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.detail).toMatch(/cursor is not valid/);
    }
    for (const limit of ['0', String(ADMIN_PAGE_MAX + 1), '-1', '1.5', 'ten', '']) {
      const reply = await call('GET', `${path}?limit=${limit}`, { base, token });
      expect(reply.status, limit).toBe(400);
      expect(reply.body.detail).toBe(`limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}.`);
    }
  });
});

describe('search', () => {
  it('finds library prompts by part of their title in any letter case, across every page and shard', async () => {
    const rows = await adminListAll('/admin/prompts?search=0004%20%E9%A1%8C', { base, token, limit: 7 });
    expect(rows.map((p) => p.title)).toEqual([longTitle(4)]);
    expect((await adminListAll('/admin/prompts?search=0004', { base, token, limit: 7 })).map((p) => p.id)).toEqual(
      [4, ...Array.from({ length: 10 }, (_, i) => 40 + i)].map((i) => `paging-prompt-${String(i).padStart(5, '0')}`),
    );
  });

  it('finds users by part of their email in any letter case, across every page and shard', async () => {
    const rows = await adminListAll('/admin/users?search=U-0004', { base, token, limit: 5 });
    expect(rows.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => longEmail(40 + i)));
    expect((await call('GET', '/admin/users?search=PAGING-ADMIN@', { base, token })).body.map((u: any) => u.email)).toEqual([ADMIN.email]);
    expect((await call('GET', `/admin/users?search=${'x'.repeat(255)}`, { base, token })).body.detail).toBe('search must be at most 254 characters.');
  });

  it('refuses a cursor of another search', async () => {
    const cursor = (await call('GET', '/admin/users?limit=1', { base, token })).headers.get(NEXT_CURSOR_HEADER)!;
    const reply = await call('GET', `/admin/users?search=u-&cursor=${encodeURIComponent(cursor)}`, { base, token });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(/cursor is not valid/);
  });
});

describe('the test helper', () => {
  it('collects every user through the pages', async () => {
    const all = await adminListAll('/admin/users', { base, token, limit: 150 });
    expect(all.map((u) => u.email)).toContain(ADMIN.email);
    expect(all).toHaveLength(ROWS + 1);
  });
});
