import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { db, library, setTier, TABLE } from '../support/db';
import { createConnection, useModelFakes } from '../support/model-fakes';
import { runEvents, textOf } from '../support/stream';

/**
 * Compare columns beyond versions and the draft (issue 30): a column on a workspace connection
 * runs there (the provider gets the filled text and the column's model) and takes none of the
 * plan's runs; a blind session says neither the model nor the connection before the vote, not
 * even in the run's events; votes on such columns count per model. A fork's column can be its
 * library original, compiled with the same inputs, refused once the plan no longer opens it.
 */
type User = Awaited<ReturnType<typeof signUp>>;
const models = useModelFakes();
const KEY = 'sk-compare-openai-0123456789abcdef';

async function promptOf(user: User, body: string) {
  const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Compared', body } });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

const compare = (user: User, id: string, json: unknown) => call('POST', `/prompts/${id}/compare`, { token: user.token, json });
const runColumn = (user: User, id: string, session: string, column: string) =>
  runEvents({ prompt_id: id, compare: { id: session, column } }, { token: user.token });

describe('a compare column on a connection', () => {
  it('runs on the connection with its model, takes no run of the plan, and counts votes per model', async () => {
    const user = await signUp();
    const connection = await createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: ['gpt-fake-mini'] });
    const marker = `Tell ${Math.random().toString(36).slice(2, 8)} about [INPUT: topic].`;
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Compared', body: marker, config: { temperature: 0.3, max_tokens: 60 } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    const started = await compare(user, id, {
      columns: [{ version: 1 }, { version: 1, connection_id: connection, model: 'gpt-fake-large' }, { version: 1, connection_id: connection }],
      variables: { topic: 'tides' },
      blind: false,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // Not blind: named, with the connection's first model where the column names none.
    expect(started.body.columns).toEqual([
      { id: 'A', version: 1, model: null, connection_id: null },
      { id: 'B', version: 1, model: 'gpt-fake-large', connection_id: connection },
      { id: 'C', version: 1, model: 'gpt-fake-mini', connection_id: connection },
    ]);
    const filled = marker.replace('[INPUT: topic]', 'tides');

    const product = await runColumn(user, id, started.body.id, 'A');
    expect(product.status).toBe(200);
    expect(product.events[0]).toEqual({ type: 'start', engine: 'local', model: 'construct-local' });
    const left = product.headers.get('x-runs-remaining');
    expect(left).toMatch(/^\d+$/);

    const sentBefore = models.openai.requests.length;
    const onConnection = await runColumn(user, id, started.body.id, 'B');
    expect(onConnection.status).toBe(200);
    expect(onConnection.events[0]).toEqual({ type: 'start', engine: 'openai', model: 'gpt-fake-large' });
    // The provider got the column's model and its filled text, with the connection's key.
    const sent = models.openai.requests.slice(sentBefore).find((r) => r.body?.messages?.at(-1)?.content === filled);
    expect(sent?.body.model).toBe('gpt-fake-large');
    // With the version's saved settings.
    expect(sent?.body.temperature).toBe(0.3);
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(textOf(onConnection.events).length).toBeGreaterThan(0);
    // Its usage carries the estimated cost, and no run of the plan was taken.
    expect(onConnection.events.find((e) => e.type === 'usage')).toEqual({
      type: 'usage',
      tokens_in: expect.any(Number),
      tokens_out: expect.any(Number),
      cost_micros: expect.any(Number),
    });
    expect(onConnection.headers.get('x-runs-remaining')).toBeNull();
    const again = await runColumn(user, id, started.body.id, 'A');
    expect(Number(again.headers.get('x-runs-remaining'))).toBe(Number(left) - 1);

    const vote = await call('POST', `/prompts/${id}/votes`, {
      token: user.token,
      json: { winner: { column: 'B' }, loser: { column: 'A' }, inputs_hash: started.body.inputs_hash, compare_id: started.body.id },
    });
    expect(vote.status).toBe(201);
    expect(vote.body.winner).toEqual({ version: 1, model: 'gpt-fake-large' });
    const ratings = (await call('GET', `/prompts/${id}/votes`, { token: user.token })).body;
    const byModel = Object.fromEntries(ratings.models.map((m: { model: string; wins: number; losses: number }) => [m.model, [m.wins, m.losses]]));
    expect(byModel).toEqual({ 'gpt-fake-large': [1, 0], "Construct's model": [0, 1] });
    // Same version on both sides: no version contest.
    expect(ratings.versions).toEqual([]);
  });

  it('in blind mode says neither model nor connection before the vote, in the session or in the run', async () => {
    const user = await signUp();
    const connection = await createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: ['gpt-fake-mini'] });
    const id = await promptOf(user, 'Describe [INPUT: thing] briefly.');
    const started = await compare(user, id, {
      columns: [{ version: 1 }, { version: 1, connection_id: connection, model: 'gpt-fake-large' }],
      variables: { thing: 'a kite' },
      blind: true,
    });
    expect(started.status).toBe(201);
    expect(started.body.columns).toEqual([{ id: 'A' }, { id: 'B' }]);
    const answers = await Promise.all(['A', 'B'].map((column) => runColumn(user, id, started.body.id, column)));
    for (const run of answers) {
      expect(run.status).toBe(200);
      expect(run.events.some((e) => e.type === 'start')).toBe(false);
      expect(run.headers.get('x-runs-remaining')).toBeNull();
      const said = JSON.stringify(run.events);
      expect(said).not.toMatch(/gpt-fake|construct-local|openai/);
      expect(said).not.toContain(connection);
      expect(run.events.find((e) => e.type === 'usage')?.cost_micros).toEqual(expect.any(Number));
    }
    // The provider did answer one of them.
    expect(models.openai.requests.some((r) => r.body?.messages?.at(-1)?.content === 'Describe a kite briefly.')).toBe(true);

    const vote = await call('POST', `/prompts/${id}/votes`, {
      token: user.token,
      json: { winner: { column: 'A' }, loser: { column: 'B' }, tie: true, inputs_hash: started.body.inputs_hash, compare_id: started.body.id },
    });
    expect(vote.status).toBe(201);
    expect(vote.body.columns.map((c: { connection_id: string | null }) => c.connection_id).sort()).toEqual([connection, null].sort());
    // After the vote a run says who answers again.
    const after = await runColumn(user, id, started.body.id, 'A');
    expect(after.events[0].type).toBe('start');
  });

  it('refuses a connection that is not the workspace’s, and one with no model to run, changing nothing', async () => {
    const user = await signUp();
    const stranger = await signUp();
    const theirs = await createConnection(stranger, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: ['gpt-fake-mini'] });
    const bare = await createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: [] });
    const id = await promptOf(user, 'Hello.');
    for (const [column, detail] of [
      [{ version: 1, connection_id: theirs }, /Column 2: connection not found/],
      [{ version: 1, connection_id: bare }, /Column 2: Choose a model/],
    ] as const) {
      const refused = await compare(user, id, { columns: [{ version: 1 }, column] });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
    const sessions = await db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${user.id}`, ':p': `XCOMPARE#${id}#` },
        ConsistentRead: true,
      }),
    );
    expect(sessions.Items).toEqual([]);
  });
});

describe("a fork's library original as a column", () => {
  it('runs the library text with the same inputs, and is refused (never the text) once the plan no longer opens it', async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const libraryId = `compare-${randomUUID().slice(0, 8)}`;
    const libraryText = `Library ${libraryId}: explain [INPUT: topic].`;
    await library.upsertEntries(
      [{ id: libraryId, title: `Original ${libraryId}`, body: libraryText, category: null, tasks: ['Writing'], industries: [], access_tier: 'pro' }],
      'curator@construct.test',
    );
    const forked = await call('POST', `/prompts/fork/${libraryId}`, { token: user.token, json: {} });
    expect(forked.status).toBe(201);
    const id = forked.body.id as string;
    expect((await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Mine', body: 'Mine: explain [INPUT: topic] simply.' } })).status).toBe(
      204,
    );
    const connection = await createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: ['gpt-fake-mini'] });
    const columns = [{ version: 2 }, { original: true, connection_id: connection }];
    const started = await compare(user, id, { columns, variables: { topic: 'tides' }, blind: false });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.columns[1]).toEqual({ id: 'B', version: null, model: 'gpt-fake-mini', connection_id: connection, original: true });
    const run = await runColumn(user, id, started.body.id, 'B');
    expect(run.status).toBe(200);
    // The library's text, filled with the compare's inputs, reached the provider.
    expect(models.openai.requests.some((r) => r.body?.messages?.at(-1)?.content === `Library ${libraryId}: explain tides.`)).toBe(true);

    // Not a fork: no original to compare with.
    const plain = await promptOf(user, 'Hello [INPUT: topic].');
    const notFork = await compare(user, plain, { columns: [{ version: 1 }, { original: true }] });
    expect(notFork.status).toBe(400);
    expect(notFork.body.detail).toBe('Column 2: This prompt is not a copy of a library prompt.');
    // Exactly one source per column.
    expect((await compare(user, id, { columns: [{ version: 1 }, { original: true, version: 1 }] })).status).toBe(400);

    await setTier(user.id, 'free');
    const refused = await compare(user, id, { columns, variables: { topic: 'tides' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('This prompt is part of the Pro plan. Upgrade your plan to use it.');
    expect(JSON.stringify(refused.body)).not.toContain(libraryId);
    // A session started before the plan changed runs it no more.
    const sent = models.openai.requests.length;
    const late = await call('POST', '/engine/run', { token: user.token, json: { prompt_id: id, compare: { id: started.body.id, column: 'B' } } });
    expect(late.status).toBe(403);
    expect(JSON.stringify(late.body)).not.toContain(libraryId);
    expect(models.openai.requests.length).toBe(sent);
  });
});
