import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { db, TABLE } from '../support/db';

/**
 * Compare, blind votes and thumbs (issue 30): a blind compare session answers opaque column ids
 * only; each column runs from the server's copy; the vote's answer names the columns; votes become
 * win rates and ratings per version and model; a vote naming a version that is not the prompt's,
 * a second vote on one session, and bad thumbs are refused and change nothing; thumbs count in
 * the stats.
 */
type User = Awaited<ReturnType<typeof signUp>>;
let user: User;
let id: string;
const path = () => `/prompts/${id}`;

beforeAll(async () => {
  user = await signUp();
  const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Judged', body: 'Say hello to [INPUT: name].' } });
  expect(made.status).toBe(201);
  id = made.body.id;
  expect((await call('PUT', path(), { token: user.token, json: { title: 'Judged', body: 'Greet [INPUT: name] warmly.' } })).status).toBe(204);
}, 120_000);

describe('blind compare and votes', () => {
  it('names no column before the vote, runs each from the server, and reveals them in the vote answer', async () => {
    const started = await call('POST', `${path()}/compare`, {
      token: user.token,
      json: { columns: [{ version: 1 }, { version: 2 }], variables: { name: 'Ada' }, blind: true },
    });
    expect(started.status).toBe(201);
    expect(started.body.columns).toEqual([{ id: 'A' }, { id: 'B' }]);
    expect(JSON.stringify(started.body)).not.toMatch(/version|model|draft/);

    const answers: Record<string, string> = {};
    for (const column of ['A', 'B']) {
      const run = await call('POST', '/engine/run', { token: user.token, json: { prompt_id: id, compare: { id: started.body.id, column } } });
      expect(run.status).toBe(200);
      answers[column] = run.body;
    }
    // Each ran its own version's text, filled with the inputs.
    expect(Object.values(answers).some((a) => /Ada/.test(a))).toBe(true);

    const vote = await call('POST', `${path()}/votes`, {
      token: user.token,
      json: { winner: { column: 'A' }, loser: { column: 'B' }, inputs_hash: started.body.inputs_hash, compare_id: started.body.id },
    });
    expect(vote.status).toBe(201);
    const versions = vote.body.columns.map((c: { version: number }) => c.version).sort();
    expect(versions).toEqual([1, 2]);
    const winner = vote.body.columns.find((c: { id: string }) => c.id === 'A').version;
    expect(vote.body.winner).toEqual({ version: winner, model: null });

    // One vote per session.
    const again = await call('POST', `${path()}/votes`, {
      token: user.token,
      json: { winner: { column: 'B' }, loser: { column: 'A' }, inputs_hash: started.body.inputs_hash, compare_id: started.body.id },
    });
    expect(again.status).toBe(409);

    const ratings = (await call('GET', `${path()}/votes`, { token: user.token })).body;
    expect(ratings.votes).toBe(1);
    const won = ratings.versions.find((r: { version: number }) => r.version === winner);
    expect(won).toMatchObject({ wins: 1, losses: 0, win_rate: 1 });
    expect(won.rating).toBeGreaterThan(1500);
    expect(won.interval[0]).toBeLessThan(won.rating);
  });

  it('takes votes between versions and models directly, and refuses a version that is not the prompt’s', async () => {
    const direct = await call('POST', `${path()}/votes`, {
      token: user.token,
      json: { winner: { version: 2, model: 'gpt-4.1' }, loser: { version: 2, model: 'gpt-4.1-mini' }, tie: true, inputs_hash: 'h1' },
    });
    expect(direct.status).toBe(201);
    const models = (await call('GET', `${path()}/votes`, { token: user.token })).body.models;
    expect(models.map((m: { model: string; ties: number }) => [m.model, m.ties])).toEqual([
      ['gpt-4.1', 1],
      ['gpt-4.1-mini', 1],
    ]);

    const before = (await call('GET', `${path()}/votes`, { token: user.token })).body.votes;
    for (const json of [
      { winner: { version: 9 }, loser: { version: 1 }, inputs_hash: 'h' },
      { winner: { version: 1 }, loser: { version: 1 }, inputs_hash: 'h' },
      { winner: { column: 'A' }, loser: { version: 1 }, inputs_hash: 'h' },
      { winner: {}, loser: { version: 1 }, inputs_hash: 'h' },
      { winner: { version: 1 }, loser: { version: 2 } },
    ]) {
      const refused = await call('POST', `${path()}/votes`, { token: user.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.detail).toEqual(expect.any(String));
    }
    expect((await call('GET', `${path()}/votes`, { token: user.token })).body.votes).toBe(before);
    expect(
      (
        await call('POST', `${path()}/votes`, {
          token: user.token,
          json: { winner: { column: 'A' }, loser: { column: 'B' }, inputs_hash: 'h', compare_id: 'nope' },
        })
      ).status,
    ).toBe(404);
    const stranger = await signUp();
    expect((await call('POST', `${path()}/compare`, { token: stranger.token, json: { columns: [{ version: 1 }, { version: 2 }] } })).status).toBe(404);
  });

  it('counts thumbs on Run answers per version, and the vote win rate, in the stats', async () => {
    for (const rating of ['up', 'up', 'down'])
      expect((await call('POST', `${path()}/feedback`, { token: user.token, json: { version: 2, rating, note: 'Nice tone' } })).status).toBe(201);
    expect((await call('POST', `${path()}/feedback`, { token: user.token, json: { version: 7, rating: 'up' } })).status).toBe(400);
    expect((await call('POST', `${path()}/feedback`, { token: user.token, json: { version: 2, rating: 'meh' } })).status).toBe(400);
    await expect
      .poll(
        async () => (await call('GET', `${path()}/stats`, { token: user.token })).body.versions?.find((v: { version: number }) => v.version === 2)?.thumbs,
        {
          timeout: 15_000,
        },
      )
      .toEqual({ up: 2, down: 1 });
    const stats = (await call('GET', `${path()}/stats`, { token: user.token })).body;
    const [v2, v1] = stats.versions;
    expect(v2.votes + v1.votes).toBe(2);
    expect([v2.win_rate, v1.win_rate].sort()).toEqual([0, 1]);
    // The compare runs counted as runs of their versions.
    expect(v2.runs + v1.runs).toBe(2);
  });
});

describe('deleting a prompt', () => {
  /** The sort keys of a workspace's compare sessions, votes and feedback of a prompt. */
  const judged = async (pk: string, promptId: string) =>
    (
      await Promise.all(
        ['XCOMPARE#', 'XVOTE#', 'XFEEDBACK#'].map(
          async (prefix) =>
            (
              await db.send(
                new QueryCommand({
                  TableName: TABLE,
                  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
                  ExpressionAttributeValues: { ':pk': pk, ':p': `${prefix}${promptId}#` },
                  ProjectionExpression: 'sk',
                  ConsistentRead: true,
                }),
              )
            ).Items ?? [],
        ),
      )
    )
      .flat()
      .map((i) => String(i.sk).split('#')[0]);

  it('leaves none of its compare sessions, votes or feedback; another prompt’s stay', async () => {
    const owner = await signUp();
    const judge = async () => {
      const made = await call('POST', '/prompts/', { token: owner.token, json: { title: 'Doomed', body: 'Say hi to [INPUT: name].' } });
      const pid = made.body.id as string;
      const session = await call('POST', `/prompts/${pid}/compare`, {
        token: owner.token,
        json: { columns: [{ version: 1 }, { version: 1, model: 'gpt-4.1-mini' }], variables: { name: 'Ada' }, blind: false },
      });
      expect(session.status).toBe(201);
      const vote = { winner: { version: 1 }, loser: { version: 1, model: 'gpt-4.1-mini' }, inputs_hash: 'h' };
      expect((await call('POST', `/prompts/${pid}/votes`, { token: owner.token, json: vote })).status).toBe(201);
      expect((await call('POST', `/prompts/${pid}/feedback`, { token: owner.token, json: { version: 1, rating: 'up' } })).status).toBe(201);
      return pid;
    };
    const [doomed, kept] = [await judge(), await judge()];
    const pk = `USER#${owner.id}`;
    expect((await judged(pk, doomed)).sort()).toEqual(['XCOMPARE', 'XFEEDBACK', 'XVOTE']);

    expect((await call('DELETE', `/prompts/${doomed}`, { token: owner.token })).status).toBe(204);
    expect(await judged(pk, doomed)).toEqual([]);
    expect((await judged(pk, kept)).sort()).toEqual(['XCOMPARE', 'XFEEDBACK', 'XVOTE']);
  });
});
