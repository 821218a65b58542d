import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { library } from '../support/db';

/**
 * A deleted account's library ratings leave the counts (issue 30): its stars and its one rating
 * are subtracted from the prompt's sums over the shards, once, however often the deletion runs.
 */
const run = randomUUID().slice(0, 8);
const ID = `withdrawn-${run}`;

type User = Awaited<ReturnType<typeof signUp>>;
let dee: User;
let eve: User;

const state = async (user: User) => (await call('GET', `/library/prompts/${ID}/rating`, { token: user.token })).body;

beforeAll(async () => {
  await library.upsertEntries(
    [
      {
        id: ID,
        title: `Withdrawn ${run}`,
        body: `Write about [INPUT: topic] ${run}.`,
        category: `Withdrawn ${run}`,
        tasks: [],
        industries: [],
        access_tier: 'free',
      },
    ],
    'curator@construct.test',
  );
  [dee, eve] = await Promise.all([signUp(), signUp()]);
}, 120_000);

describe('deleting an account', () => {
  it('subtracts its library ratings from the sum and the count, once', async () => {
    for (const [user, stars] of [
      [dee, 5],
      [eve, 2],
    ] as const) {
      expect((await call('POST', '/engine/run', { token: user.token, json: { text: 'Write about tea.', prompt_id: ID } })).status).toBe(200);
      // The run is noted after its answer.
      await expect
        .poll(async () => (await call('PUT', `/library/prompts/${ID}/rating`, { token: user.token, json: { stars } })).status, { timeout: 15_000 })
        .toBe(200);
    }
    expect(await state(eve)).toMatchObject({ stars: 2, average: 3.5, count: 2 });

    expect((await call('DELETE', '/account', { token: dee.token, json: { password: dee.password } })).status).toBe(204);
    expect(await state(eve)).toMatchObject({ stars: 2, average: 2, count: 1 });

    // A repeated clean-up (an admin's retry) finds no rating left to subtract.
    const { withdrawRatings } = await import('../../functions/lib/data/library-use');
    await withdrawRatings(dee.id);
    expect(await state(eve)).toMatchObject({ average: 2, count: 1 });
  });
});
