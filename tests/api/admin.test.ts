import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { adminListAll, adminToken, call, newAccount, signUp } from '../support/api';
import { db, library, TABLE, userItem } from '../support/db';

const run = randomUUID().slice(0, 8);
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
  await library.upsertEntries(
    [
      {
        id: `admin-a-${run}`,
        title: `Admin fixture A ${run}`,
        body: `Body A ${run} ${'long text '.repeat(12)}`,
        category: `AdminCat ${run}`,
        tasks: [],
        industries: [],
        access_tier: 'free',
      },
      {
        id: `admin-b-${run}`,
        title: `Admin fixture B ${run}`,
        body: `Body B ${run}`,
        category: `AdminCat ${run}`,
        tasks: [],
        industries: [],
        access_tier: 'free',
      },
    ],
    'curator@construct.test',
  );
});

describe('admin access', () => {
  const adminRoutes = ROUTES.filter((r) => r.access === 'admin');

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 401 anonymous, 403 for a signed-in user, with a detail', async (_, route) => {
    const user = await signUp();
    const path = route.path.replace('{id}', 'some-id');
    const json = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;

    const anonymous = await call(route.method, path, { json });
    const signedIn = await call(route.method, path, { json, token: user.token });

    expect(anonymous.status).toBe(401);
    expect(signedIn.status).toBe(403);
    expect(signedIn.body).toEqual({ detail: 'Administrator access is required.' });
  });
});

describe('admin: library prompts', () => {
  it('lists library prompts with category, owner and tier', async () => {
    const rows = await adminListAll('/admin/prompts', { token: admin });
    expect(rows.find((r) => r.id === `admin-a-${run}`)).toEqual({
      id: `admin-a-${run}`,
      title: `Admin fixture A ${run}`,
      category_id: expect.any(String),
      category_name: `AdminCat ${run}`,
      owner_email: 'curator@construct.test',
      access_tier: 'free',
    });
  });

  it('changes a tier, which a free user then sees as locked', async () => {
    const user = await signUp();
    expect((await call('PATCH', `/admin/prompts/admin-a-${run}/tier`, { token: admin, json: { access_tier: 'elite' } })).status).toBe(204);

    const seen = (await call('GET', `/library/prompts?search=${run}&page_size=100`, { token: user.token })).body.prompts.find(
      (p: any) => p.id === `admin-a-${run}`,
    );
    expect(seen).toMatchObject({ access_tier: 'elite', locked: true });
    expect((await call('PATCH', `/admin/prompts/admin-a-${run}/tier`, { token: admin, json: { access_tier: 'gold' } })).status).toBe(400);
    expect((await call('PATCH', '/admin/prompts/missing/tier', { token: admin, json: { access_tier: 'pro' } })).status).toBe(404);
  });

  it("publishes an admin's own prompt to the library, and deletes library prompts", async () => {
    const own = (await call('POST', '/prompts/', { token: admin, json: { title: `Published ${run}`, body: 'Share me [INPUT: x]', tasks: ['Writing'] } })).body;
    const category = (await call('POST', '/admin/categories', { token: admin, json: { name: `Pub ${run}` } })).body;

    const published = await call('POST', '/admin/prompts', { token: admin, json: { prompt_id: own.id, category_id: category.id, access_tier: 'pro' } });

    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ title: `Published ${run}`, category_name: `Pub ${run}`, owner_email: 'admin@construct.test', access_tier: 'pro' });
    const user = await signUp();
    expect((await call('GET', `/library/prompts?search=${encodeURIComponent(`Published ${run}`)}`, { token: user.token })).body.total).toBe(1);

    expect((await call('DELETE', `/admin/prompts/${published.body.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/library/prompts?search=${encodeURIComponent(`Published ${run}`)}`, { token: user.token })).body.total).toBe(0);
    expect((await call('DELETE', `/admin/prompts/${published.body.id}`, { token: admin })).status).toBe(404);
    expect((await call('POST', '/admin/prompts', { token: admin, json: { prompt_id: 'not-mine' } })).status).toBe(404);
  });
});

describe('admin: editing a library prompt', () => {
  it("reads the full text and saves title, body, tasks, industries and tier; forks then see 'Updated in library'", async () => {
    const user = await signUp();
    const copy = (await call('POST', `/prompts/fork/admin-b-${run}`, { token: user.token, json: {} })).body;
    const full = await call('GET', `/admin/prompts/admin-b-${run}`, { token: admin });
    expect(full.body).toEqual({
      id: `admin-b-${run}`,
      title: `Admin fixture B ${run}`,
      kind: 'text',
      body: `Body B ${run}`,
      config: {},
      tasks: [],
      industries: [],
      access_tier: 'free',
    });

    const edit = {
      title: `Admin fixture B edited ${run}`,
      body: `Body B edited ${run} [INPUT: topic]`,
      tasks: ['Writing'],
      industries: ['SaaS'],
      access_tier: 'free',
    };
    expect((await call('PUT', `/admin/prompts/admin-b-${run}`, { token: admin, json: edit })).status).toBe(204);

    const seen = await call('GET', `/library/prompts/admin-b-${run}`, { token: user.token });
    expect(seen.body).toMatchObject({ ...edit, category_name: `AdminCat ${run}`, locked: false });
    expect((await call('GET', `/prompts/${copy.id}/library-update`, { token: user.token })).body.changed).toBe(true);
    expect((await call('GET', '/admin/prompts', { token: admin })).body.filter((r: any) => r.id === `admin-b-${run}`)).toHaveLength(1);

    // The tier too: a free user then gets the teaser.
    expect((await call('PUT', `/admin/prompts/admin-b-${run}`, { token: admin, json: { ...edit, access_tier: 'pro' } })).status).toBe(204);
    expect((await call('GET', `/library/prompts/admin-b-${run}`, { token: user.token })).body).toMatchObject({ locked: true, access_tier: 'pro' });
  });

  it('answers 404 for an unknown prompt and 400 with a detail for bad input, writing nothing', async () => {
    const edit = { title: 'X', body: 'Y', access_tier: 'free' };
    const missing = await call('PUT', '/admin/prompts/missing', { token: admin, json: edit });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Library prompt not found.');
    expect((await call('GET', '/admin/prompts/missing', { token: admin })).status).toBe(404);
    for (const bad of [
      { ...edit, title: '' },
      { ...edit, access_tier: 'gold' },
      { ...edit, owner_email: 'x@y.z' },
    ]) {
      const reply = await call('PUT', `/admin/prompts/admin-a-${run}`, { token: admin, json: bad });
      expect(reply.status).toBe(400);
      expect(typeof reply.body.detail).toBe('string');
    }
    expect((await call('GET', `/admin/prompts/admin-a-${run}`, { token: admin })).body.title).toBe(`Admin fixture A ${run}`);
  });
});

describe('admin: library categories', () => {
  it('creates, renames (unique names) and deletes, leaving prompts uncategorized', async () => {
    const created = await call('POST', '/admin/categories', { token: admin, json: { name: `Fresh ${run}` } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: `Fresh ${run}`, prompt_count: 0 });
    expect((await call('POST', '/admin/categories', { token: admin, json: { name: `fresh ${run}` } })).status).toBe(409);
    expect((await call('PUT', `/admin/categories/${created.body.id}`, { token: admin, json: { name: `Renamed ${run}` } })).status).toBe(204);
    expect((await call('PUT', `/admin/categories/${created.body.id}`, { token: admin, json: { name: ' ' } })).body.detail).toBe('Category name is required.');

    const list = (await call('GET', '/admin/categories', { token: admin })).body as any[];
    expect(list.find((c) => c.id === created.body.id)?.name).toBe(`Renamed ${run}`);
    const fixture = list.find((c) => c.name === `AdminCat ${run}`);
    expect(fixture.prompt_count).toBe(2);

    expect((await call('DELETE', `/admin/categories/${fixture.id}`, { token: admin })).status).toBe(204);
    const rows = await adminListAll('/admin/prompts', { token: admin });
    expect(rows.find((r) => r.id === `admin-b-${run}`)).toMatchObject({ category_id: null, category_name: null });
  });
});

describe('admin: users', () => {
  it('lists users from a sharded index that projects only what the list shows (counter writes never reach it)', async () => {
    const user = await signUp();
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Counted', body: 'b' } });
    const item = (await userItem(user.id))!;
    expect(item.prompts_used).toBe(1);
    expect(item.gsi2pk).toMatch(/^USERS#([0-9]|1[0-5])$/);
    expect(item.gsi1pk).toBeUndefined();
    const { Items } = await db.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk = :s',
        ExpressionAttributeValues: { ':p': item.gsi2pk, ':s': item.email.toLowerCase() },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items![0]).toMatchObject({ id: user.id, email: item.email, is_admin: false, access_tier: 'free' });
    expect(Items![0]!.prompts_used).toBeUndefined();
    expect(Items![0]!.password_hash).toBeUndefined();
    const listed = await adminListAll<{ id: string; email: string }>('/admin/users', { token: await adminToken() });
    expect(listed.map((u) => u.id)).toContain(user.id);
    const emails = listed.map((u) => u.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
  });

  it('lists users, creates one who can sign in, and changes tier and role', async () => {
    const account = newAccount();
    const created = await call('POST', '/admin/users', {
      token: admin,
      json: { email: account.email, password: account.password, is_admin: false, access_tier: 'pro' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: account.email, first_name: 'Admin', last_name: 'Created', access_tier: 'pro', is_admin: false });

    const login = await call('POST', '/auth/login', { form: { username: account.email, password: account.password } });
    expect(login.status).toBe(200);

    const users = await adminListAll('/admin/users', { token: admin });
    expect(users.map((u) => u.email)).toContain(account.email);
    expect(Object.keys(users[0]).sort()).toEqual(['access_tier', 'email', 'first_name', 'id', 'is_admin', 'last_name']);

    const updated = await call('PUT', `/admin/users/${created.body.id}`, { token: admin, json: { is_admin: true, access_tier: 'elite' } });
    expect(updated.body).toMatchObject({ is_admin: true, access_tier: 'elite' });
    // The change applies on the user's very next request.
    expect((await call('GET', '/auth/me', { token: login.body.access_token })).body).toMatchObject({ is_admin: true, access_tier: 'elite' });
    expect((await call('GET', '/admin/users', { token: login.body.access_token })).status).toBe(200);

    await call('PUT', `/admin/users/${created.body.id}`, { token: admin, json: { is_admin: false } });
    expect((await call('GET', '/admin/users', { token: login.body.access_token })).status).toBe(403);
  });

  it.each([
    [{ email: 'bad', password: 'long-enough-1', access_tier: 'free' }, 'Please enter a valid email address.'],
    [{ email: 'x@example.com', access_tier: 'free' }, 'password is required.'],
    [{ email: 'x@example.com', password: 'short', access_tier: 'free' }, 'Password must be at least 8 characters.'],
    [{ email: 'x@example.com', password: 'long-enough-1' }, 'access_tier is required.'],
  ])('rejects a bad new user %o with 400', async (json, detail) => {
    const reply = await call('POST', '/admin/users', { token: admin, json });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
  });

  it('refuses a second account for a taken email (409)', async () => {
    const user = await signUp();
    const reply = await call('POST', '/admin/users', {
      token: admin,
      json: { email: user.email.toUpperCase(), password: 'long-enough-1', access_tier: 'free' },
    });
    expect(reply.status).toBe(409);
  });

  it('deletes a user with their whole workspace, frees the email and ends their session', async () => {
    const user = await signUp();
    await call('POST', '/prompts/', { token: user.token, json: { title: 't', body: 'b' } });
    await call('POST', '/categories/', { token: user.token, json: { name: 'c' } });
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 's', snippet_content: 'x' } });

    expect((await call('DELETE', `/admin/users/${user.id}`, { token: admin })).status).toBe(204);

    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect(await userItem(user.id)).toBeUndefined();
    const { db, TABLE } = await import('../../functions/lib/data/db');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const left = await db.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${user.id}` } }),
    );
    expect(left.Items).toEqual([]);
    expect((await call('POST', '/auth/register', { json: { first_name: 'New', email: user.email, password: 'long-enough-1' } })).status).toBe(201);
    expect((await call('DELETE', `/admin/users/${user.id}`, { token: admin })).status).toBe(404);
  });

  it('never lets an admin demote or delete themselves', async () => {
    const me = (await call('GET', '/auth/me', { token: admin })).body;

    const demote = await call('PUT', `/admin/users/${me.id}`, { token: admin, json: { is_admin: false } });
    const remove = await call('DELETE', `/admin/users/${me.id}`, { token: admin });
    expect(demote.status).toBe(400);
    expect(demote.body.detail).toBe('You cannot remove your own admin status.');
    expect(remove.body.detail).toBe('You cannot delete your own account.');
  });
});
