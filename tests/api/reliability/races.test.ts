import { describe, expect, it } from 'vitest';
import { call, signUp } from '../../support/api';
import { setTier, userItem } from '../../support/db';

/**
 * Racing deletes and creates against the shared stack: whatever order DynamoDB serialises them
 * in, the plan counters on the user item must equal the items that really exist (a drift either
 * way would block a user early or let them past their plan), every name claim must belong to a
 * live item, and nothing answers 5xx.
 */
const { db, TABLE } = await import('../../../functions/lib/data/db');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');

async function partition(userId: string) {
  const { Items } = await db.send(
    new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return Items ?? [];
}

/** The counters as stored next to what they count, and name claims without a matching item. */
async function ledger(userId: string) {
  const items = await partition(userId);
  const user = await userItem(userId);
  const of = (type: string) => items.filter((i) => i.type === type);
  const claimsOk = (claimType: string, type: string, field: string) =>
    of(claimType).filter(
      (claim) =>
        !of(type).some((item) => item.id === claim.item_id && String(item[field]).trim().toLowerCase() === String(claim.sk).split('#').slice(1).join('#')),
    );
  return {
    counters: { prompts: user?.prompts_used, categories: user?.categories_used, snippets: user?.snippets_used },
    counted: { prompts: of('prompt').length, categories: of('category').length, snippets: of('snippet').length },
    orphanClaims: [...claimsOk('category_name', 'category', 'name'), ...claimsOk('snippet_name', 'snippet', 'snippet_name')].map((c) => c.sk),
    unclaimed: [
      ...of('category').filter((c) => !of('category_name').some((claim) => claim.item_id === c.id)),
      ...of('snippet').filter((s) => !of('snippet_name').some((claim) => claim.item_id === s.id)),
    ].map((i) => i.sk),
  };
}

const prompt = (title: string) => ({ title, body: `Body of ${title} for [INPUT: reader].` });
const snippet = (name: string) => ({ snippet_name: name, snippet_content: `Content of ${name}` });

/** Creates n items one after another and answers their ids. */
async function seed(token: string, path: string, body: (i: number) => unknown, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const reply = await call('POST', path, { token, json: body(i) });
    expect(reply.status).toBe(201);
    ids.push(reply.body.id);
  }
  return ids;
}

describe('racing deletes and creates', () => {
  it('keep every plan counter equal to the real item count (prompts, categories, snippets)', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const prompts = await seed(user.token, '/prompts/', (i) => prompt(`seed ${i}`), 6);
    const categories = await seed(user.token, '/categories/', (i) => ({ name: `seed ${i}` }), 4);
    const snippets = await seed(user.token, '/context/snippets', (i) => snippet(`seed ${i}`), 4);

    // 36 requests at once: creates, deletes, the same item deleted three times, and a create
    // reusing the name of a category being deleted.
    const requests = [
      ...Array.from({ length: 6 }, (_, i) => call('POST', '/prompts/', { token: user.token, json: prompt(`new ${i}`) })),
      ...prompts.slice(0, 4).map((id) => call('DELETE', `/prompts/${id}`, { token: user.token })),
      ...Array.from({ length: 3 }, () => call('DELETE', `/prompts/${prompts[4]}`, { token: user.token })),
      ...Array.from({ length: 4 }, (_, i) => call('POST', '/categories/', { token: user.token, json: { name: `new ${i}` } })),
      ...categories.slice(0, 2).map((id) => call('DELETE', `/categories/${id}`, { token: user.token })),
      ...Array.from({ length: 3 }, () => call('DELETE', `/categories/${categories[2]}`, { token: user.token })),
      call('POST', '/categories/', { token: user.token, json: { name: 'seed 2' } }),
      ...Array.from({ length: 4 }, (_, i) => call('POST', '/context/snippets', { token: user.token, json: snippet(`new ${i}`) })),
      ...snippets.slice(0, 2).map((id) => call('DELETE', `/context/snippets/${id}`, { token: user.token })),
      ...Array.from({ length: 3 }, () => call('DELETE', `/context/snippets/${snippets[2]}`, { token: user.token })),
    ];
    const replies = await Promise.all(requests);

    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(replies.filter((r) => r.status >= 500).map((r) => r.body)),
    ).toEqual([]);
    const { counters, counted, orphanClaims, unclaimed } = await ledger(user.id);
    expect(counters).toEqual(counted);
    expect(orphanClaims).toEqual([]);
    expect(unclaimed).toEqual([]);
    // Each triple delete removed its item once.
    expect(counted.prompts).toBe(6 + 6 - 5);
  });

  it('hold the free plan at exactly 5 prompts while deletes free slots and creates race for them', async () => {
    const user = await signUp();
    const ids = await seed(user.token, '/prompts/', (i) => prompt(`full ${i}`), 5);

    const replies = await Promise.all([
      ...ids.slice(0, 3).map((id) => call('DELETE', `/prompts/${id}`, { token: user.token })),
      ...Array.from({ length: 12 }, (_, i) => call('POST', '/prompts/', { token: user.token, json: prompt(`racer ${i}`) })),
    ]);

    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    const createdCount = replies.slice(3).filter((r) => r.status === 201).length;
    expect(
      replies
        .slice(3)
        .filter((r) => r.status !== 201)
        .every((r) => r.status === 403),
    ).toBe(true);
    const { counters, counted } = await ledger(user.id);
    expect(counters.prompts).toBe(counted.prompts);
    expect(counted.prompts).toBe(2 + createdCount);
    expect(counted.prompts).toBeLessThanOrEqual(5);
    expect(counted.prompts).toBeGreaterThanOrEqual(2);
  });

  it('leave no stale name claim when renames race deletes of the same category or snippet', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const categories = await seed(user.token, '/categories/', (i) => ({ name: `cat ${i}` }), 5);
    const snippets = await seed(user.token, '/context/snippets', (i) => snippet(`snip ${i}`), 5);

    const replies = await Promise.all([
      ...categories.flatMap((id, i) => [
        call('PUT', `/categories/${id}`, { token: user.token, json: { name: `renamed cat ${i}` } }),
        call('DELETE', `/categories/${id}`, { token: user.token }),
      ]),
      ...snippets.flatMap((id, i) => [
        call('PUT', `/context/snippets/${id}`, { token: user.token, json: snippet(`renamed snip ${i}`) }),
        call('DELETE', `/context/snippets/${id}`, { token: user.token }),
      ]),
    ]);

    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    const { counters, counted, orphanClaims, unclaimed } = await ledger(user.id);
    expect(counters).toEqual(counted);
    expect(orphanClaims).toEqual([]);
    expect(unclaimed).toEqual([]);
    // Every name whose item is gone can be used again.
    for (let i = 0; i < 5; i++) {
      const names = (await call('GET', '/categories/', { token: user.token })).body.map((c: { name: string }) => c.name);
      for (const name of [`cat ${i}`, `renamed cat ${i}`].filter((n) => !names.includes(n))) {
        expect((await call('POST', '/categories/', { token: user.token, json: { name } })).status, name).toBe(201);
      }
    }
  });
});

describe('a delete that read the item before a rename committed', () => {
  it.each([
    ['category', 'CATNAME'],
    ['snippet', 'SNIPNAME'],
  ] as const)('removes the %s and its new name claim, so the name can be used again', async (kind, claimSk) => {
    // Prepare: the interleaving forced step by step through the handlers' own functions.
    const user = await signUp();
    const { getUser } = await import('../../../functions/lib/data/users');
    const { personalWorkspace } = await import('../../../functions/lib/data/workspace');
    const named = await import('../../../functions/lib/data/named-items');
    const { CATEGORY } = await import('../../../functions/lib/data/category');
    const { SNIPPET } = await import('../../../functions/lib/data/context');
    const def = kind === 'category' ? CATEGORY : SNIPPET;
    const record = (await getUser(user.id))!;
    const created =
      kind === 'category' ? { id: 'c1', name: 'Old', created_at: 'now' } : { id: 's1', snippet_name: 'Old', snippet_content: 'x', created_at: 'now' };
    const workspace = personalWorkspace(record);
    await named.createNamed(def, workspace, created);
    const readByDelete = await named.getNamed<Record<string, unknown>>(def, workspace.pk, created.id);
    await named.updateNamed(def, workspace.pk, { ...readByDelete }, { [def.nameField]: 'New' });

    // Act: the delete commits with what it read before the rename.
    await named.deleteNamed(def, workspace.pk, readByDelete);

    // Assess
    const items = await partition(user.id);
    expect(items.map((i) => i.sk).filter((sk) => String(sk).startsWith(`${claimSk}#`))).toEqual([]);
    expect((await userItem(user.id))?.[def.limit === 'max_categories' ? 'categories_used' : 'snippets_used']).toBe(0);
    const path = kind === 'category' ? '/categories/' : '/context/snippets';
    const json = kind === 'category' ? { name: 'New' } : snippet('New');
    expect((await call('POST', path, { token: user.token, json })).status).toBe(201);
  });
});
