import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { setTier } from '../support/db';
import { createConnection, useModelFakes } from '../support/model-fakes';
import { run } from '../support/stream';

/**
 * Evaluations (issue 29) end to end: queued by the API, run by the `evaluation` worker on the test
 * stack's local queue against the local engine, read back with progress, pass rates and results.
 */
async function suite(tier: 'free' | 'pro' | 'elite', examples: string[]) {
  const user = await signUp();
  await setTier(user.id, tier);
  const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Eval', body: 'Explain [INPUT: topic].' } })).body.id as string;
  await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Eval', body: 'Describe [INPUT: topic] briefly.' } });
  const content = ['topic', ...examples].join('\n');
  expect((await call('POST', `/prompts/${id}/examples/import`, { token: user.token, json: { format: 'csv', content } })).status).toBe(201);
  return { user, id, path: `/prompts/${id}` };
}

const models = useModelFakes();

async function until(token: string, path: string, done: (body: any) => boolean, timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    const reply = await call('GET', path, { token });
    if (done(reply.body)) return reply.body;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(reply.body)}`);
    await sleep(250);
  }
}

describe('evaluations', () => {
  it('run two versions on every example in the background, with pass rates, latency and each result', async () => {
    const { user, path } = await suite('elite', ['tides', 'moons', 'wind']);
    await call('PUT', `${path}/checks`, {
      token: user.token,
      json: {
        checks: [
          { kind: 'contains', value: 'Explain', name: 'explains' },
          { kind: 'regex', value: '^Local engine' },
        ],
      },
    });
    await call('PUT', `${path}/labels/production`, { token: user.token, json: { version: 1 } });
    const queued = await call('POST', `${path}/evaluations`, { token: user.token, json: { columns: [{ label: 'production' }, { version: 2 }] } });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ id: expect.any(String), status: 'queued' });

    const done = await until(user.token, `${path}/evaluations/${queued.body.id}`, (e) => e.status === 'done');
    expect(done).toMatchObject({ id: queued.body.id, status: 'done', progress: { done: 6, total: 6 }, stale: false, finished_at: expect.any(String) });
    expect(done.columns).toEqual([
      expect.objectContaining({ label: 'production', version: 1, pass_rate: 1, passed: 3, failed: 0, errors: 0 }),
      expect.objectContaining({ version: 2, pass_rate: 0, passed: 0, failed: 3, errors: 0 }),
    ]);
    for (const column of done.columns) {
      // The unpaced local engine answers within a millisecond or two.
      expect(column.mean_latency_ms).toBeGreaterThanOrEqual(0);
      expect(column.tokens_in).toBeGreaterThan(0);
      expect(column.tokens_out).toBeGreaterThan(0);
    }

    const results = (await call('GET', `${path}/evaluations/${queued.body.id}/results`, { token: user.token })).body.results;
    expect(results).toHaveLength(6);
    const v2 = results.find((r: any) => r.column === 1);
    expect(v2.output).toMatch(/^Local engine/);
    expect(v2.output).toContain('Describe');
    expect(v2.pass).toBe(false);
    expect(v2.checks).toEqual([
      { check_id: expect.any(String), pass: false, detail: 'Does not contain "Explain".' },
      { check_id: expect.any(String), pass: true, detail: 'Matches /^Local engine/.' },
    ]);

    // A change of the checks makes it stale; the list shows it, newest first.
    await call('PUT', `${path}/checks`, { token: user.token, json: { checks: [] } });
    const list = (await call('GET', `${path}/evaluations`, { token: user.token })).body.evaluations;
    expect(list.map((e: any) => [e.id, e.stale])).toEqual([[queued.body.id, true]]);
    // Finished: nothing to cancel.
    const late = await call('DELETE', `${path}/evaluations/${queued.body.id}`, { token: user.token });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This evaluation has finished: there is nothing to cancel.');
  });

  it('refuses a column naming a missing version or label, unknown examples, or no examples: 400, nothing queued', async () => {
    const { user, path } = await suite('pro', ['tides']);
    const refused: [unknown, string][] = [
      [{ columns: [{ version: 9 }] }, 'Column 1: version 9 does not exist.'],
      [{ columns: [{ version: 1 }, { label: 'production' }] }, 'Column 2: this prompt has no label "production".'],
      [{ columns: [{ version: 1, label: 'x' }] }, 'Each column names exactly one of version, label or draft.'],
      [{ columns: [] }, 'Choose at least one column.'],
      [{ columns: [{ version: 1 }], examples: ['nope'] }, "Example nope is not one of this prompt's examples."],
      [{ columns: Array(5).fill({ version: 1 }) }, 'An evaluation has at most 4 columns.'],
    ];
    for (const [json, detail] of refused) {
      const reply = await call('POST', `${path}/evaluations`, { token: user.token, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.detail).toBe(detail);
    }
    const empty = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Empty', body: 'Hi' } })).body.id;
    const none = await call('POST', `/prompts/${empty}/evaluations`, { token: user.token, json: { columns: [{ version: 1 }] } });
    expect(none.status).toBe(400);
    expect((await call('GET', `${path}/evaluations`, { token: user.token })).body.evaluations).toEqual([]);
    const other = await signUp();
    expect((await call('POST', `${path}/evaluations`, { token: other.token, json: { columns: [{ version: 1 }] } })).status).toBe(404);
  });

  it('cancels a running evaluation: it stops, its results so far stay', async () => {
    const { user, path } = await suite(
      'elite',
      Array.from({ length: 40 }, (_, i) => `topic ${i}`),
    );
    const { id } = (
      await call('POST', `${path}/evaluations`, {
        token: user.token,
        json: { columns: [{ version: 1 }, { version: 2 }, { draft: { body: 'Try [INPUT: topic].' } }] },
      })
    ).body;
    const cancelled = await call('DELETE', `${path}/evaluations/${id}`, { token: user.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, status: 'cancelled', finished_at: expect.any(String) });
    await sleep(3_000);
    const after = (await call('GET', `${path}/evaluations/${id}`, { token: user.token })).body;
    expect(after.status).toBe('cancelled');
    expect(after.progress.done).toBeLessThan(120);
    const results = (await call('GET', `${path}/evaluations/${id}/results`, { token: user.token })).body.results;
    expect(results).toHaveLength(after.progress.done);
  });

  it("counts each model call against the plan's runs: past them the evaluation fails with the detail", async () => {
    const { user, path } = await suite(
      'free',
      Array.from({ length: 10 }, (_, i) => `t${i}`),
    );
    const { id } = (await call('POST', `${path}/evaluations`, { token: user.token, json: { columns: [{ version: 1 }, { version: 2 }, { version: 1 }] } })).body;
    const failed = await until(user.token, `${path}/evaluations/${id}`, (e) => e.status !== 'queued' && e.status !== 'running');
    expect(failed.status).toBe('failed');
    expect(failed.detail).toMatch(/^You have used your 20 runs for today/);
    expect(failed.progress.done).toBe(20);
  });

  it('runs at most 2 evaluations of a workspace at once: a third waits, queued, and then runs', async () => {
    const { user, path } = await suite(
      'elite',
      Array.from({ length: 15 }, (_, i) => `topic ${i}`),
    );
    const columns = [{ version: 1 }, { version: 2 }, { version: 1 }, { version: 2 }];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call('POST', `${path}/evaluations`, { token: user.token, json: { columns } })).body.id);
    let most = 0;
    let waited = false;
    const started = Date.now();
    for (;;) {
      const statuses = (await call('GET', `${path}/evaluations`, { token: user.token })).body.evaluations.map((e: any) => e.status);
      const running = statuses.filter((s: string) => s === 'running').length;
      most = Math.max(most, running);
      if (running === 2 && statuses.includes('queued')) waited = true;
      if (statuses.every((s: string) => s === 'done')) break;
      if (Date.now() - started > 120_000) throw new Error(`timed out: ${statuses}`);
      await sleep(100);
    }
    expect(most).toBeLessThanOrEqual(2);
    expect(waited).toBe(true);
  });

  it("fills SNIPPET and PROFILE values as the workbench does (the workspace's snippets, the starter's profile), but not the global directives a run adds", async () => {
    const user = await signUp();
    const body = 'Write for [PROFILE: audience] with [SNIPPET: bio] about [INPUT: topic]. Sign as [PROFILE: signature=The team].';
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Context', body } })).body.id as string;
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'bio', snippet_content: 'We build tools.' } });
    await call('PUT', '/context/profile/audience', { token: user.token, json: { value: 'engineers' } });
    const directives = { global_prompt_prefix: 'Answer as a pirate.', global_prompt_suffix: 'Sign off with arr.' };
    expect((await call('PUT', '/context/directives', { token: user.token, json: directives })).status).toBeLessThan(300);
    await call('POST', `/prompts/${id}/examples`, { token: user.token, json: { inputs: { topic: 'tides' } } });
    const queued = await call('POST', `/prompts/${id}/evaluations`, { token: user.token, json: { columns: [{ version: 1 }] } });
    await until(user.token, `/prompts/${id}/evaluations/${queued.body.id}`, (e) => e.status === 'done');
    const [cell] = (await call('GET', `/prompts/${id}/evaluations/${queued.body.id}/results`, { token: user.token })).body.results;
    // The local engine restates the prompt it was sent: each value filled in, no marker left as [key].
    for (const text of ['engineers', 'We build tools.', 'tides', 'The team']) expect(cell.output).toContain(text);
    expect(cell.output).not.toMatch(/\[(audience|bio|signature|topic)\]/);
    // Directives are left out (docs/decisions.md: a suite is repeatable whoever runs it); a run of the same version has them.
    for (const text of ['pirate', 'arr.']) expect(cell.output).not.toContain(text);
    const run = await call('POST', '/engine/run', { token: user.token, json: { prompt_id: id, version: 1, variables: { topic: 'tides' } } });
    expect(run.status).toBe(200);
    for (const text of ['Answer as a pirate.', 'Sign off with arr.', 'engineers']) expect(run.body).toContain(text);
  });
});

describe('evaluations with model settings (issue 29)', () => {
  const WEATHER = {
    name: 'get_weather',
    description: 'The weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };
  const REVIEW = { type: 'json_schema', name: 'review', schema: { type: 'object', properties: { stars: { type: 'integer' } }, required: ['stars'] } };
  const finished = (token: string, path: string, id: string) =>
    until(token, `${path}/evaluations/${id}`, (e) => e.status !== 'queued' && e.status !== 'running');

  it("runs a chat version as chat with its settings on a connection, and a chat draft with its own: the provider gets the messages, the example's history and the config", async () => {
    const user = await signUp();
    const connection = await createConnection(user, {
      provider: 'openai',
      base_url: models.openai.url,
      api_key: 'sk-eval-openai-0123456789',
      models: ['gpt-fake-large'],
    });
    const messages = [
      { role: 'system', content: 'You forecast.' },
      { role: 'placeholder', name: 'history' },
      { role: 'user', content: 'Weather in [INPUT: city]?' },
    ];
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Forecast', kind: 'chat', messages, config: { model: 'gpt-fake-large', temperature: 0.3, max_tokens: 200, tools: [WEATHER] } },
    });
    expect(made.status).toBe(201);
    const path = `/prompts/${made.body.id}`;
    const city = `Bergen-${Math.random().toString(36).slice(2, 8)}`;
    const history = [
      { role: 'user', content: 'Hello.' },
      { role: 'assistant', content: 'Hi, which city?' },
    ];
    expect((await call('POST', `${path}/examples`, { token: user.token, json: { inputs: { city }, history } })).status).toBe(201);

    const draft = { kind: 'chat', messages: [{ role: 'user', content: 'Rate [INPUT: city].' }], config: { temperature: 0.9, response_format: REVIEW } };
    const queued = await call('POST', `${path}/evaluations`, {
      token: user.token,
      json: {
        columns: [
          { version: 1, connection_id: connection, model: 'gpt-fake-mini' },
          { draft, connection_id: connection },
        ],
      },
    });
    expect(queued.status).toBe(202);
    const done = await finished(user.token, path, queued.body.id);
    expect(done.status).toBe('done');
    expect(done.columns).toEqual([
      expect.objectContaining({ version: 1, connection_id: connection, model: 'gpt-fake-mini', errors: 0 }),
      expect.objectContaining({ draft, connection_id: connection, errors: 0 }),
    ]);

    const sent = models.openai.requests.filter((r) => JSON.stringify(r.body?.messages ?? []).includes(city)).map((r) => r.body);
    const version = sent.find((b) => b.tools);
    expect(version).toMatchObject({
      model: 'gpt-fake-mini',
      temperature: 0.3,
      tools: [{ type: 'function', function: WEATHER }],
      messages: [{ role: 'system', content: 'You forecast.' }, ...history, { role: 'user', content: `Weather in ${city}?` }],
    });
    const drafted = sent.find((b) => b.response_format);
    // No model of its own: the connection's first.
    expect(drafted).toMatchObject({ model: 'gpt-fake-large', temperature: 0.9, messages: [{ role: 'user', content: `Rate ${city}.` }] });
    expect(drafted.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'review', schema: REVIEW.schema } });
    const results = (await call('GET', `${path}/evaluations/${queued.body.id}/results`, { token: user.token })).body.results;
    expect(results.find((r: any) => r.column === 0).output).toContain('get_weather(');
    expect(JSON.parse(results.find((r: any) => r.column === 1).output)).toEqual({ stars: expect.any(Number) });
    // On the workspace's connection: none of the plan's 20 runs a day was taken.
    expect((await run({ text: 'hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('19');
  });

  it("judges on the column's connection and model; a column on Construct's model is judged by the local engine", async () => {
    const user = await signUp();
    const connection = await createConnection(user, {
      provider: 'openai',
      base_url: models.openai.url,
      api_key: 'sk-eval-judge-0123456789',
      models: ['gpt-fake-large'],
    });
    const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Judged', body: 'Explain [INPUT: topic].' } });
    const path = `/prompts/${made.body.id}`;
    const topic = `dunes-${Math.random().toString(36).slice(2, 8)}`;
    await call('POST', `${path}/examples`, { token: user.token, json: { inputs: { topic } } });
    const rubric = `Names ${topic} and stays brief.`;
    await call('PUT', `${path}/checks`, { token: user.token, json: { checks: [{ kind: 'judge', value: rubric }] } });
    const queued = await call('POST', `${path}/evaluations`, {
      token: user.token,
      json: {
        columns: [
          { version: 1, connection_id: connection, model: 'gpt-fake-mini' },
          { version: 1, connection_id: null },
        ],
      },
    });
    expect(queued.status).toBe(202);
    expect((await finished(user.token, path, queued.body.id)).status).toBe('done');

    const judged = models.openai.requests.filter((r) => JSON.stringify(r.body?.messages ?? []).includes(`Rubric:\\n${rubric}`)).map((r) => r.body);
    // One judge call reached the connection's provider: the column's, with the column's model and the verdict's schema.
    expect(judged).toHaveLength(1);
    expect(judged[0]).toMatchObject({
      model: 'gpt-fake-mini',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'construct_verdict' } },
    });
    expect(JSON.stringify(judged[0].messages)).toContain('Answer to judge:');
    const results = (await call('GET', `${path}/evaluations/${queued.body.id}/results`, { token: user.token })).body.results;
    // The fake's verdict (an instance of the schema) on the connection; the local engine's own, repeatable one on Construct's model.
    expect(results.find((r: any) => r.column === 0).checks).toEqual([{ check_id: expect.any(String), pass: true, detail: 'fake value' }]);
    const local = results.find((r: any) => r.column === 1).checks;
    expect(local).toEqual([{ check_id: expect.any(String), pass: expect.any(Boolean), detail: expect.any(String) }]);
    expect(local[0].detail).not.toBe('fake value');
    // Construct's model took a run of the day's quota for the cell and one for its judge; the connection's column took none.
    expect((await run({ text: 'hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('17');
  });

  it("runs a text version on the connection its settings name (null: the product's model), and refuses a connection the workspace does not have", async () => {
    const user = await signUp();
    const connection = await createConnection(user, {
      provider: 'anthropic',
      base_url: models.anthropic.url,
      api_key: 'sk-ant-eval-0123456789',
      models: ['claude-fake-haiku'],
    });
    const topic = `tides-${Math.random().toString(36).slice(2, 8)}`;
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Saved', body: 'Explain [INPUT: topic].', config: { connection_id: connection, model: 'claude-fake-sonnet', temperature: 0.2 } },
    });
    const path = `/prompts/${made.body.id}`;
    await call('POST', `${path}/examples`, { token: user.token, json: { inputs: { topic } } });
    const queued = await call('POST', `${path}/evaluations`, { token: user.token, json: { columns: [{ version: 1 }, { version: 1, connection_id: null }] } });
    expect(queued.status).toBe(202);
    const done = await finished(user.token, path, queued.body.id);
    expect(done.status).toBe('done');
    const sent = models.anthropic.requests.filter((r) => JSON.stringify(r.body?.messages ?? []).includes(topic));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ model: 'claude-fake-sonnet', temperature: 0.2, messages: [{ role: 'user', content: `Explain ${topic}.` }] });
    const results = (await call('GET', `${path}/evaluations/${queued.body.id}/results`, { token: user.token })).body.results;
    expect(results.find((r: any) => r.column === 1).output).toMatch(/^Local engine/);

    const other = await signUp();
    const theirs = await createConnection(other, { provider: 'anthropic', base_url: models.anthropic.url, api_key: 'sk-ant-other-0123456789' });
    for (const [json, detail] of [
      [{ columns: [{ version: 1, connection_id: theirs }] }, 'Column 1: connection not found.'],
      [
        { columns: [{ draft: { body: 'Hi', messages: [{ role: 'user', content: 'Hi' }] } }] },
        "A draft column has a body, or a chat draft (kind 'chat') its messages.",
      ],
      [{ columns: [{ draft: { body: 'Hi', config: { temperature: 9 } } }] }, expect.stringContaining('temperature')],
    ] as const) {
      const reply = await call('POST', `${path}/evaluations`, { token: user.token, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.detail).toEqual(detail);
    }
    expect((await call('GET', `${path}/evaluations`, { token: user.token })).body.evaluations).toHaveLength(1);
  });
});
