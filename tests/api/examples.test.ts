import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { getItem, seedTeam, setTier } from '../support/db';

/** Examples (issue 29): kept against the prompt's typed variables, limited per prompt by plan, imported and exported. */
const BODY = 'Write about [INPUT: topic] in a [INPUT: tone=friendly|formal] tone for [INPUT: audience=everyone].';

async function promptOf(token: string, body = BODY) {
  return (await call('POST', '/prompts/', { token, json: { title: 'Suite', body } })).body.id as string;
}
const examples = async (token: string, id: string) => (await call('GET', `/prompts/${id}/examples`, { token })).body.examples as any[];

describe('examples', () => {
  it('creates, lists in order, replaces and deletes, with every field', async () => {
    const user = await signUp();
    const id = await promptOf(user.token);
    const first = await call('POST', `/prompts/${id}/examples`, {
      token: user.token,
      json: { inputs: { topic: 'tides', tone: 'formal' }, expected: 'The moon pulls…', rating: 'good', source: 'run' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      inputs: { topic: 'tides', tone: 'formal' },
      history: [],
      expected: 'The moon pulls…',
      rating: 'good',
      note: null,
      source: 'run',
      created_at: expect.any(String),
    });
    const second = await call('POST', `/prompts/${id}/examples`, {
      token: user.token,
      json: { inputs: { topic: 'wind' }, history: [{ role: 'user', content: 'hi' }], note: 'short' },
    });
    expect(second.body.source).toBe('manual');
    expect((await examples(user.token, id)).map((e) => e.inputs.topic)).toEqual(['tides', 'wind']);

    const replaced = await call('PUT', `/prompts/${id}/examples/${first.body.id}`, { token: user.token, json: { inputs: { topic: 'waves' }, rating: 'bad' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: first.body.id,
      inputs: { topic: 'waves' },
      rating: 'bad',
      expected: null,
      source: 'run',
      created_at: first.body.created_at,
    });

    expect((await call('DELETE', `/prompts/${id}/examples/${second.body.id}`, { token: user.token })).status).toBe(204);
    expect((await call('DELETE', `/prompts/${id}/examples/${second.body.id}`, { token: user.token })).status).toBe(404);
    expect((await examples(user.token, id)).map((e) => e.id)).toEqual([first.body.id]);
    const item = await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` });
    expect(item?.examples_used).toBe(1);
    expect(item?.suite_rev).toBe(4);
  });

  it("refuses inputs that do not fit the prompt's variables, and bad fields, changing nothing", async () => {
    const user = await signUp();
    const id = await promptOf(user.token);
    const refused = [
      [{ inputs: {} }, '"topic" is required.'],
      [{ inputs: { topic: 'x', tone: 'rude' } }, '"tone" must be one of friendly, formal.'],
      [{ inputs: { topic: 'x', colour: 'red' } }, '"colour" is not an input of this prompt.'],
    ] as const;
    for (const [json, detail] of refused) {
      const reply = await call('POST', `/prompts/${id}/examples`, { token: user.token, json });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toContain(detail);
    }
    for (const json of [
      { inputs: { topic: 'x' }, rating: 'great' },
      { inputs: { topic: 1 } },
      { inputs: { topic: 'x' }, source: 'import' },
      { inputs: { topic: 'x' }, id: 'mine' },
    ]) {
      const reply = await call('POST', `/prompts/${id}/examples`, { token: user.token, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(typeof reply.body.detail).toBe('string');
    }
    const tooBig = await call('POST', `/prompts/${id}/examples`, { token: user.token, json: { inputs: { topic: 'x' }, expected: 'y'.repeat(50_001) } });
    expect(tooBig.status).toBe(400);
    expect(await examples(user.token, id)).toEqual([]);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` }))?.examples_used).toBeUndefined();
  });

  it("answers 404 for another user's prompt or example, and for a missing one", async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = await promptOf(owner.token);
    const example = (await call('POST', `/prompts/${id}/examples`, { token: owner.token, json: { inputs: { topic: 'x' } } })).body;
    expect((await call('GET', `/prompts/${id}/examples`, { token: other.token })).status).toBe(404);
    expect((await call('POST', `/prompts/${id}/examples`, { token: other.token, json: { inputs: { topic: 'x' } } })).status).toBe(404);
    expect((await call('PUT', `/prompts/${id}/examples/${example.id}`, { token: other.token, json: { inputs: { topic: 'y' } } })).status).toBe(404);
    expect((await call('DELETE', `/prompts/${id}/examples/${example.id}`, { token: other.token })).status).toBe(404);
    expect((await call('PUT', `/prompts/${id}/examples/nope`, { token: owner.token, json: { inputs: { topic: 'y' } } })).status).toBe(404);
    expect((await examples(owner.token, id)).map((e) => e.inputs.topic)).toEqual(['x']);
  });

  it('keeps the plan limit per prompt under concurrent adds (free: 10), 409 with a detail past it', async () => {
    const user = await signUp();
    const id = await promptOf(user.token);
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call('POST', `/prompts/${id}/examples`, { token: user.token, json: { inputs: { topic: `t${i}` } } })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(409));
    expect(refused[0]!.body.detail).toBe('This prompt already has the most examples your plan allows (10). Delete some, or upgrade your plan for more.');
    expect(await examples(user.token, id)).toHaveLength(10);
    // Another prompt has its own 10.
    const other = await promptOf(user.token);
    expect((await call('POST', `/prompts/${other}/examples`, { token: user.token, json: { inputs: { topic: 'x' } } })).status).toBe(201);
    await setTier(user.id, 'pro');
    expect((await call('POST', `/prompts/${id}/examples`, { token: user.token, json: { inputs: { topic: 'more' } } })).status).toBe(201);
  });

  it('imports CSV and JSONL whole or not at all, and exports what an import reads back', async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const id = await promptOf(user.token);
    const csv = 'topic,tone,expected,rating,note\n"tides, and moons",formal,"Line one\nline two",good,\nwind,,,bad,gusty\n';
    const imported = await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'csv', content: csv } });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 2 });
    const jsonl = `${JSON.stringify({ inputs: { topic: 'rain' }, expected: 'wet' })}\n\n${JSON.stringify({ inputs: { topic: 'snow', audience: 'kids' }, history: [{ role: 'user', content: 'brr' }] })}\n`;
    expect((await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'jsonl', content: jsonl } })).body).toEqual({
      imported: 2,
    });
    const stored = await examples(user.token, id);
    expect(stored.map((e) => [e.inputs, e.expected, e.rating, e.note, e.source])).toEqual([
      [{ topic: 'tides, and moons', tone: 'formal' }, 'Line one\nline two', 'good', null, 'import'],
      [{ topic: 'wind' }, null, 'bad', 'gusty', 'import'],
      [{ topic: 'rain' }, 'wet', null, null, 'import'],
      [{ topic: 'snow', audience: 'kids' }, null, null, null, 'import'],
    ]);

    // A bad row anywhere stores nothing.
    const bad = await call('POST', `/prompts/${id}/examples/import`, {
      token: user.token,
      json: { format: 'csv', content: 'topic,tone\nok,formal\nok,rude\n' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Row 2: The inputs do not fit this prompt\'s variables: "tone" must be one of friendly, formal.');
    const notJson = await call('POST', `/prompts/${id}/examples/import`, {
      token: user.token,
      json: { format: 'jsonl', content: '{"inputs":{"topic":"a"}}\nnope' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBe('Line 2 is not JSON: each line of a JSONL import is one example.');
    expect((await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'xml', content: 'x' } })).status).toBe(400);
    expect(await examples(user.token, id)).toHaveLength(4);

    // Round trip: each export imports into a fresh prompt as the same examples.
    for (const format of ['csv', 'jsonl'] as const) {
      const exported = await call('GET', `/prompts/${id}/examples/export?format=${format}`, { token: user.token });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toContain(format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      const text = typeof exported.body === 'string' ? exported.body : `${JSON.stringify(exported.body)}\n`;
      if (format === 'csv') expect(text.split('\n')[0]).toBe('topic,tone,audience,expected,rating,note');
      const copy = await promptOf(user.token);
      expect((await call('POST', `/prompts/${copy}/examples/import`, { token: user.token, json: { format, content: text } })).body).toEqual({ imported: 4 });
      const again = await examples(user.token, copy);
      const shape = (list: any[]) => list.map((e) => [e.inputs, e.expected, e.rating, e.note, format === 'jsonl' ? e.history : []]);
      expect(shape(again)).toEqual(shape(stored));
    }
  });

  it('refuses an import past the limit with nothing stored', async () => {
    const user = await signUp();
    const id = await promptOf(user.token);
    await call('POST', `/prompts/${id}/examples`, { token: user.token, json: { inputs: { topic: 'kept' } } });
    const content = ['topic', ...Array.from({ length: 10 }, (_, i) => `t${i}`)].join('\n');
    const reply = await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'csv', content } });
    expect(reply.status).toBe(409);
    expect((await examples(user.token, id)).map((e) => e.inputs.topic)).toEqual(['kept']);
  });

  it('pages a large list past 900 KB with a cursor, in order, nothing repeated', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const id = await promptOf(user.token);
    const big = 'z'.repeat(45_000);
    const content = `${JSON.stringify({ inputs: { topic: 'a' }, expected: big })}\n`.repeat(30);
    expect((await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'jsonl', content } })).body).toEqual({ imported: 30 });
    const first = await call('GET', `/prompts/${id}/examples`, { token: user.token });
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    expect(JSON.stringify(first.body).length).toBeLessThan(1024 * 1024);
    const second = await call('GET', `/prompts/${id}/examples?cursor=${encodeURIComponent(cursor!)}`, { token: user.token });
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const ids = [...first.body.examples, ...second.body.examples].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual([...ids].sort());
    expect((await call('GET', `/prompts/${id}/examples?cursor=garbage`, { token: user.token })).status).toBe(400);
  });

  it("lets a team's editors keep examples and its viewers only read them", async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const team = await seedTeam('Suite team', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: viewer.id, role: 'viewer' },
    ]);
    const id = (await call('POST', `/prompts/?workspace=${team}`, { token: owner.token, json: { title: 'T', body: BODY } })).body.id;
    expect((await call('POST', `/prompts/${id}/examples?workspace=${team}`, { token: owner.token, json: { inputs: { topic: 'x' } } })).status).toBe(201);
    expect((await call('POST', `/prompts/${id}/examples?workspace=${team}`, { token: viewer.token, json: { inputs: { topic: 'y' } } })).status).toBe(403);
    expect((await call('GET', `/prompts/${id}/examples?workspace=${team}`, { token: viewer.token })).body.examples).toHaveLength(1);
  });
});
