import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { db, setTier, TABLE } from '../support/db';

/**
 * A prompt's test suite (issue 29) goes where the prompt goes: copied with it, and nothing of it
 * left when the prompt, its account or its team is deleted. Its examples, checks and evaluation
 * headers go with it, and the evaluation worker deletes each evaluation's own partition
 * (`EVAL#<id>`: its spec and every cell) once the header is gone.
 */
async function keys(pk: string, prefix?: string): Promise<string[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :p)' : 'pk = :pk',
      ExpressionAttributeValues: prefix ? { ':pk': pk, ':p': prefix } : { ':pk': pk },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => String(item.sk));
}

/** A prompt with two examples, a check and a finished evaluation; answers its ids. */
async function evaluatedPrompt(token: string, query = '') {
  const id = (await call('POST', `/prompts/${query}`, { token, json: { title: 'Suite', body: 'Explain [INPUT: topic].' } })).body.id as string;
  expect((await call('POST', `/prompts/${id}/examples/import${query}`, { token, json: { format: 'csv', content: 'topic\ntides\nmoons' } })).status).toBe(201);
  expect((await call('PUT', `/prompts/${id}/checks${query}`, { token, json: { checks: [{ kind: 'contains', value: 'Explain' }] } })).status).toBe(200);
  const started = await call('POST', `/prompts/${id}/evaluations${query}`, { token, json: { columns: [{ version: 1 }] } });
  expect(started.status).toBe(202);
  const evaluation = started.body.id as string;
  await expect
    .poll(async () => (await call('GET', `/prompts/${id}/evaluations/${evaluation}${query}`, { token })).body.status, { timeout: 60_000, interval: 250 })
    .toBe('done');
  // The spec and a cell per example are in the evaluation's own partition.
  expect((await keys(`EVAL#${evaluation}`)).length).toBe(3);
  return { id, evaluation };
}

const emptied = (pk: string) => expect.poll(() => keys(pk), { timeout: 60_000, interval: 250 }).toEqual([]);

describe('deleting what holds a test suite', () => {
  it('a deleted prompt takes its examples, checks and evaluations with it', async () => {
    const user = await signUp();
    const { id, evaluation } = await evaluatedPrompt(user.token);
    const other = await evaluatedPrompt(user.token);
    const pk = `USER#${user.id}`;
    expect(await keys(pk, `XEXAMPLE#${id}#`)).toHaveLength(2);

    expect((await call('DELETE', `/prompts/${id}`, { token: user.token })).status).toBe(204);

    expect(await keys(pk, `XEXAMPLE#${id}#`)).toEqual([]);
    expect(await keys(pk, `XCHECKS#${id}`)).toEqual([]);
    expect(await keys(pk, `XEVAL#${id}#`)).toEqual([]);
    await emptied(`EVAL#${evaluation}`);
    // The other prompt's suite is untouched.
    expect(await keys(pk, `XEXAMPLE#${other.id}#`)).toHaveLength(2);
    expect(await keys(pk, `XCHECKS#${other.id}`)).toHaveLength(1);
    expect((await keys(`EVAL#${other.evaluation}`)).length).toBe(3);
  });

  it('a deleted account leaves no evaluation partition behind', async () => {
    const user = await signUp();
    const { evaluation } = await evaluatedPrompt(user.token);
    expect((await call('DELETE', '/account', { token: user.token, json: { password: user.password } })).status).toBe(204);
    expect(await keys(`USER#${user.id}`)).toEqual([]);
    await emptied(`EVAL#${evaluation}`);
  });

  it('a deleted team leaves no evaluation partition behind', async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const team = (await call('POST', '/teams', { token: user.token, json: { name: 'Suite team' } })).body;
    const { evaluation } = await evaluatedPrompt(user.token, `?workspace=${team.id}`);
    expect((await call('DELETE', `/teams/${team.id}`, { token: user.token })).status).toBe(204);
    expect(await keys(`TEAM#${team.id}`)).toEqual([]);
    await emptied(`EVAL#${evaluation}`);
  });
});

describe('copying a prompt to another workspace', () => {
  it("takes its checks and examples along; a move leaves nothing of the original's suite", async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const team = (await call('POST', '/teams', { token: user.token, json: { name: 'Copy team' } })).body;
    const { id, evaluation } = await evaluatedPrompt(user.token);
    const checks = (await call('GET', `/prompts/${id}/checks`, { token: user.token })).body.checks;
    const inputs = async (path: string) => (await call('GET', path, { token: user.token })).body.examples.map((e: { inputs: unknown }) => e.inputs);

    const copy = await call('POST', `/prompts/${id}/copy`, { token: user.token, json: { to: team.id } });
    expect(copy.status).toBe(201);
    const inTeam = `?workspace=${team.id}`;
    expect((await call('GET', `/prompts/${copy.body.id}/checks${inTeam}`, { token: user.token })).body.checks).toEqual(checks);
    expect(await inputs(`/prompts/${copy.body.id}/examples${inTeam}`)).toEqual([{ topic: 'tides' }, { topic: 'moons' }]);
    // The original keeps its own.
    expect(await inputs(`/prompts/${id}/examples`)).toHaveLength(2);

    const moved = await call('POST', `/prompts/${id}/copy`, { token: user.token, json: { to: team.id, move: true } });
    expect(moved.status).toBe(201);
    expect(await inputs(`/prompts/${moved.body.id}/examples${inTeam}`)).toHaveLength(2);
    expect(await keys(`USER#${user.id}`, `XEXAMPLE#${id}#`)).toEqual([]);
    expect(await keys(`USER#${user.id}`, `XCHECKS#${id}`)).toEqual([]);
    await emptied(`EVAL#${evaluation}`);
  });
});
