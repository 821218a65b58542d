import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { getItem, seedTeam, setTier } from '../support/db';

/**
 * A library prompt's test suite (issue 29): publishing copies the admin's prompt's checks and
 * examples, admins edit them (PUT /admin/prompts/{id}/suite), a fork gets them within its plan, and
 * a pull brings the new ones without duplicating or deleting the fork's own. Tiered suites reach
 * nobody below the tier.
 */
const BODY = 'Explain [INPUT: topic] simply.';
type User = Awaited<ReturnType<typeof signUp>>;
let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

/** A library prompt published from an admin's prompt with two checks and `examples` examples (the admin's copy deleted after). */
async function published(tier: 'free' | 'pro' = 'free', examples = 2) {
  const title = `Suite lib ${randomUUID().slice(0, 8)}`;
  const own = (await call('POST', '/prompts/', { token: admin, json: { title, body: BODY } })).body.id as string;
  const checks = await call('PUT', `/prompts/${own}/checks`, {
    token: admin,
    json: {
      checks: [
        { kind: 'contains', value: 'simply', name: 'Says simply' },
        { kind: 'max_length', value: 500 },
      ],
    },
  });
  expect(checks.status).toBe(200);
  for (let i = 0; i < examples; i++) {
    const added = await call('POST', `/prompts/${own}/examples`, { token: admin, json: { inputs: { topic: `topic ${i}` }, expected: `answer ${i}` } });
    expect(added.status).toBe(201);
  }
  const reply = await call('POST', '/admin/prompts', { token: admin, json: { prompt_id: own, access_tier: tier } });
  expect(reply.status).toBe(201);
  expect((await call('DELETE', `/prompts/${own}`, { token: admin })).status).toBe(204);
  return { id: reply.body.id as string, checkIds: (checks.body.checks as { id: string }[]).map((c) => c.id) };
}

const suiteOf = async (id: string) => (await call('GET', `/admin/prompts/${id}/suite`, { token: admin })).body as { checks: any[]; examples: any[] };
const checksOf = async (user: User, id: string) => (await call('GET', `/prompts/${id}/checks`, { token: user.token })).body.checks as any[];
const examplesOf = async (user: User, id: string) => (await call('GET', `/prompts/${id}/examples`, { token: user.token })).body.examples as any[];
const promptCount = async (user: User) => ((await call('GET', '/prompts/', { token: user.token })).body.prompts as unknown[]).length;

describe('library suites', () => {
  it('publishes a prompt with its checks and examples, and a fork gets them', async () => {
    const lib = await published();
    const suite = await suiteOf(lib.id);
    expect(suite.checks.map((c) => [c.id, c.kind, c.value])).toEqual([
      [lib.checkIds[0], 'contains', 'simply'],
      [lib.checkIds[1], 'max_length', 500],
    ]);
    expect(suite.examples.map((e) => [e.inputs.topic, e.expected])).toEqual([
      ['topic 0', 'answer 0'],
      ['topic 1', 'answer 1'],
    ]);

    const user = await signUp();
    const fork = await call('POST', `/prompts/fork/${lib.id}`, { token: user.token, json: {} });
    expect(fork.status).toBe(201);
    expect((await checksOf(user, fork.body.id)).map((c) => c.id)).toEqual(lib.checkIds);
    const examples = await examplesOf(user, fork.body.id);
    expect(examples.map((e) => [e.inputs.topic, e.expected, e.source])).toEqual([
      ['topic 0', 'answer 0', 'library'],
      ['topic 1', 'answer 1', 'library'],
    ]);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${fork.body.id}` }))?.examples_used).toBe(2);
  });

  it("a pull adds the library's new checks and examples once, keeping the fork's own", async () => {
    const lib = await published();
    const user = await signUp();
    const fork = (await call('POST', `/prompts/fork/${lib.id}`, { token: user.token, json: {} })).body.id as string;
    const mine = await call('POST', `/prompts/${fork}/examples`, { token: user.token, json: { inputs: { topic: 'my own' } } });
    expect(mine.status).toBe(201);

    const before = await suiteOf(lib.id);
    const edited = await call('PUT', `/admin/prompts/${lib.id}/suite`, {
      token: admin,
      json: {
        checks: [...before.checks.map(({ id, kind, value }) => ({ id, kind, value })), { kind: 'not_contains', value: 'jargon' }],
        examples: [
          ...before.examples.map(({ id, inputs, expected }) => ({ id, inputs, expected })),
          { inputs: { topic: 'new topic' }, expected: 'new answer' },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.checks.slice(0, 2).map((c: { id: string }) => c.id)).toEqual(lib.checkIds);
    expect(edited.body.examples.slice(0, 2).map((e: { id: string; created_at: string }) => [e.id, e.created_at])).toEqual(
      before.examples.map((e) => [e.id, e.created_at]),
    );

    for (let i = 0; i < 2; i++) {
      const pulled = await call('POST', `/prompts/${fork}/library-update/pull`, { token: user.token });
      expect(pulled.status).toBe(200);
    }
    const checks = await checksOf(user, fork);
    expect(checks.map((c) => c.id)).toEqual([...lib.checkIds, edited.body.checks[2].id]);
    expect(checks[2]).toMatchObject({ kind: 'not_contains', value: 'jargon' });
    expect((await examplesOf(user, fork)).map((e) => [e.inputs.topic, e.source])).toEqual([
      ['topic 0', 'library'],
      ['topic 1', 'library'],
      ['my own', 'manual'],
      ['new topic', 'library'],
    ]);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${fork}` }))?.examples_used).toBe(4);
  });

  it('a library example the forker deleted stays gone after a pull, and a new library example still arrives', async () => {
    const lib = await published();
    const user = await signUp();
    const fork = (await call('POST', `/prompts/fork/${lib.id}`, { token: user.token, json: {} })).body.id as string;
    const [gone] = await examplesOf(user, fork);
    expect((await call('DELETE', `/prompts/${fork}/examples/${gone.id}`, { token: user.token })).status).toBe(204);
    const before = await suiteOf(lib.id);
    const edited = await call('PUT', `/admin/prompts/${lib.id}/suite`, {
      token: admin,
      json: {
        checks: before.checks.map(({ id, kind, value }) => ({ id, kind, value })),
        examples: [
          ...before.examples.map(({ id, inputs, expected }) => ({ id, inputs, expected })),
          { inputs: { topic: 'new topic' }, expected: 'new answer' },
        ],
      },
    });
    expect(edited.status).toBe(200);

    for (let i = 0; i < 2; i++) expect((await call('POST', `/prompts/${fork}/library-update/pull`, { token: user.token })).status).toBe(200);

    expect((await examplesOf(user, fork)).map((e) => e.inputs.topic)).toEqual(['topic 1', 'new topic']);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${fork}` }))?.examples_used).toBe(2);
    // A copy of the fork keeps what it dismissed.
    const team = await seedTeam(`Dismissed ${lib.id.slice(0, 6)}`, 'free', [{ id: user.id, role: 'owner' }]);
    const copy = await call('POST', `/prompts/${fork}/copy`, { token: user.token, json: { to: team } });
    expect(copy.status).toBe(201);
    expect((await call('POST', `/prompts/${copy.body.id}/library-update/pull?workspace=${team}`, { token: user.token })).status).toBe(200);
    const copied = (await call('GET', `/prompts/${copy.body.id}/examples?workspace=${team}`, { token: user.token })).body.examples as any[];
    expect(copied.map((e) => e.inputs.topic)).toEqual(['topic 1', 'new topic']);
  });

  it("a fork and a pull keep within the fork's plan", async () => {
    const lib = await published('free', 12);
    const user = await signUp();
    const fork = (await call('POST', `/prompts/fork/${lib.id}`, { token: user.token, json: {} })).body.id as string;
    expect((await examplesOf(user, fork)).map((e) => e.inputs.topic)).toEqual(Array.from({ length: 10 }, (_, i) => `topic ${i}`));
    expect((await call('POST', `/prompts/${fork}/library-update/pull`, { token: user.token })).status).toBe(200);
    expect(await examplesOf(user, fork)).toHaveLength(10);
    await setTier(user.id, 'pro');
    expect((await call('POST', `/prompts/${fork}/library-update/pull`, { token: user.token })).status).toBe(200);
    expect((await examplesOf(user, fork)).map((e) => e.inputs.topic)).toEqual(Array.from({ length: 12 }, (_, i) => `topic ${i}`));
  });

  it('never gives a Pro suite to anyone below Pro: fork, team workspace and pull are refused, nothing written', async () => {
    const lib = await published('pro');
    const free = await signUp();
    const count = await promptCount(free);
    const refused = await call('POST', `/prompts/fork/${lib.id}`, { token: free.token, json: {} });
    expect(refused.status).toBe(403);
    expect(await promptCount(free)).toBe(count);

    const pro = await signUp();
    await setTier(pro.id, 'pro');
    const team = await seedTeam(`Suite team ${randomUUID().slice(0, 6)}`, 'pro', [{ id: pro.id, role: 'owner' }]);
    const inTeam = await call('POST', `/prompts/fork/${lib.id}?workspace=${team}`, { token: pro.token, json: {} });
    expect(inTeam.status).toBe(403);

    const fork = (await call('POST', `/prompts/fork/${lib.id}`, { token: pro.token, json: {} })).body.id as string;
    expect(await examplesOf(pro, fork)).toHaveLength(2);
    const before = await suiteOf(lib.id);
    await call('PUT', `/admin/prompts/${lib.id}/suite`, {
      token: admin,
      json: {
        checks: [{ kind: 'regex', value: 'simpl[ey]' }],
        examples: [{ inputs: { topic: 'pro only' } }, ...before.examples.map(({ id, inputs }) => ({ id, inputs }))],
      },
    });
    await setTier(pro.id, 'free');
    const pull = await call('POST', `/prompts/${fork}/library-update/pull`, { token: pro.token });
    expect(pull.status).toBe(403);
    expect((await checksOf(pro, fork)).map((c) => c.id)).toEqual(lib.checkIds);
    expect((await examplesOf(pro, fork)).map((e) => e.inputs.topic)).toEqual(['topic 0', 'topic 1']);
    // Only admins read or write a library suite.
    expect((await call('GET', `/admin/prompts/${lib.id}/suite`, { token: pro.token })).status).toBe(403);
    expect((await call('PUT', `/admin/prompts/${lib.id}/suite`, { token: pro.token, json: { checks: [], examples: [] } })).status).toBe(403);
  });

  it('refuses a bad suite with a clear 400 changing nothing, 404 for no such prompt, and deletes the suite with its prompt', async () => {
    const lib = await published();
    const before = await suiteOf(lib.id);
    const badRegex = await call('PUT', `/admin/prompts/${lib.id}/suite`, { token: admin, json: { checks: [{ kind: 'regex', value: '(' }], examples: [] } });
    expect(badRegex.status).toBe(400);
    expect(badRegex.body.detail).toEqual(expect.any(String));
    const misfit = await call('PUT', `/admin/prompts/${lib.id}/suite`, { token: admin, json: { checks: [], examples: [{ inputs: { nope: 'x' } }] } });
    expect(misfit.status).toBe(400);
    expect(misfit.body.detail).toMatch(/examples\[0\]/);
    // Counted in UTF-8 bytes, as DynamoDB counts an item: 200,000 characters of '語' are 600 KB.
    const wide = Array.from({ length: 5 }, (_, i) => ({ inputs: { topic: `wide ${i}` }, expected: '語'.repeat(40_000) }));
    const tooLarge = await call('PUT', `/admin/prompts/${lib.id}/suite`, { token: admin, json: { checks: [], examples: wide } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toMatch(/bytes in all/);
    expect(await suiteOf(lib.id)).toEqual(before);
    expect((await call('PUT', '/admin/prompts/no-such-prompt/suite', { token: admin, json: { checks: [], examples: [] } })).status).toBe(404);
    expect((await call('GET', '/admin/prompts/no-such-prompt/suite', { token: admin })).status).toBe(404);

    expect((await call('DELETE', `/admin/prompts/${lib.id}`, { token: admin })).status).toBe(204);
    expect(await getItem({ pk: `LIBSUITE#${lib.id}`, sk: 'LIBSUITE' })).toBeUndefined();
  });
});
