import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { getItem, seedTeam, setTier } from '../support/db';

/** The gate on protected labels (issue 29): for sessions and API keys alike, forced only by owners, stale after a suite change. */
async function evaluate(token: string, path: string, columns: unknown[]) {
  const { id } = (await call('POST', `${path}/evaluations`, { token, json: { columns } })).body;
  for (let i = 0; i < 360; i++) {
    const e = (await call('GET', `${path}/evaluations/${id}`, { token })).body;
    if (e.status !== 'queued' && e.status !== 'running') return e;
    await sleep(250);
  }
  throw new Error('evaluation did not finish');
}

describe('the gate on protected labels', () => {
  it('refuses a move without a passing, current evaluation, for a session and an API key; an owner may force it', async () => {
    const user = await signUp({ first_name: 'Gate', last_name: 'Keeper' });
    await setTier(user.id, 'elite');
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'G', body: 'Explain [INPUT: topic].' } })).body.id;
    const path = `/prompts/${id}`;
    await call('PUT', path, { token: user.token, json: { title: 'G', body: 'Describe [INPUT: topic].' } });
    await call('POST', `${path}/examples/import`, { token: user.token, json: { format: 'csv', content: 'topic\ntides\nwind\n' } });
    await call('PUT', `${path}/checks`, { token: user.token, json: { checks: [{ kind: 'contains', value: 'Explain' }] } });
    const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'deploy', password: user.password } })).body.key;

    const protectedReply = await call('PUT', `${path}/labels/production/protection`, { token: user.token, json: { require_checks: true } });
    expect(protectedReply.status).toBe(200);
    expect(protectedReply.body).toEqual({ label: 'production', require_checks: true, min_pass_rate: 1 });

    for (const token of [user.token, key]) {
      const refused = await call('PUT', `${path}/labels/production`, { token, json: { version: 1 } });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        detail: 'The label "production" is protected: version 1 needs a finished evaluation on the prompt\'s current examples and checks first.',
      });
    }
    // An unprotected label moves freely, with an API key too.
    expect((await call('PUT', `${path}/labels/staging`, { token: key, json: { version: 2 } })).status).toBe(200);

    const passing = await evaluate(user.token, path, [{ version: 1 }, { version: 2 }]);
    expect(passing.status).toBe('done');
    expect((await call('PUT', `${path}/labels/production`, { token: key, json: { version: 1 } })).body.labels).toMatchObject({ production: 1 });

    // Version 2 failed its checks in that evaluation: refused with the evaluation to look at.
    const below = await call('PUT', `${path}/labels/production`, { token: user.token, json: { version: 2 } });
    expect(below.status).toBe(409);
    expect(below.body).toEqual({
      detail: 'The label "production" is protected: version 2 passed 0% of its examples in its last evaluation, below the 100% required.',
      evaluation_id: passing.id,
    });

    // Changing the checks makes the evaluation stale: version 1 is refused again.
    await call('PUT', `${path}/checks`, { token: user.token, json: { checks: [{ kind: 'min_length', value: 1 }] } });
    const stale = await call('PUT', `${path}/labels/production`, { token: user.token, json: { version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      detail: 'The label "production" is protected: version 1: its last evaluation is stale (the examples or checks changed since). Run it again.',
      evaluation_id: passing.id,
    });
    // So does adding an example.
    expect((await evaluate(user.token, path, [{ version: 2 }])).status).toBe('done');
    await call('POST', `${path}/examples`, { token: user.token, json: { inputs: { topic: 'rain' } } });
    expect((await call('PUT', `${path}/labels/production`, { token: user.token, json: { version: 2 } })).status).toBe(409);

    // The owner forces it; the history records who did.
    const forced = await call('PUT', `${path}/labels/production`, { token: user.token, json: { version: 2, force: true } });
    expect(forced.status).toBe(200);
    expect(forced.body.labels.production).toBe(2);
    const item = await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` });
    expect(item?.label_log).toEqual([
      { label: 'production', version: 1, by: { user_id: user.id, name: 'Gate Keeper' }, at: expect.any(String), forced: false },
      { label: 'production', version: 2, by: { user_id: user.id, name: 'Gate Keeper' }, at: expect.any(String), forced: true },
    ]);

    // Bad input changes nothing.
    expect((await call('PUT', `${path}/labels/production/protection`, { token: user.token, json: { require_checks: true, min_pass_rate: 2 } })).status).toBe(
      400,
    );
    expect((await call('PUT', `${path}/labels/Bad/protection`, { token: user.token, json: { require_checks: true } })).status).toBe(400);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` }))?.label_protection).toEqual({
      production: { require_checks: true, min_pass_rate: 1 },
    });
    // Unprotected again: it moves freely.
    await call('PUT', `${path}/labels/production/protection`, { token: user.token, json: { require_checks: false } });
    expect((await call('PUT', `${path}/labels/production`, { token: key, json: { version: 1 } })).status).toBe(200);
  });

  it("in a team: editors protect labels but cannot force one; viewers cannot protect; another user's prompt is 404", async () => {
    const [owner, editor, viewer, stranger] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const team = await seedTeam('Gate team', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
      { id: viewer.id, role: 'viewer' },
    ]);
    const id = (await call('POST', `/prompts/?workspace=${team}`, { token: owner.token, json: { title: 'T', body: 'Hello [INPUT: x]' } })).body.id;
    const at = (suffix: string) => `/prompts/${id}${suffix}?workspace=${team}`;
    expect((await call('PUT', at('/labels/production/protection'), { token: viewer.token, json: { require_checks: true } })).status).toBe(403);
    expect((await call('PUT', at('/labels/production/protection'), { token: editor.token, json: { require_checks: true, min_pass_rate: 0.5 } })).body).toEqual({
      label: 'production',
      require_checks: true,
      min_pass_rate: 0.5,
    });
    const refused = await call('PUT', at('/labels/production'), { token: editor.token, json: { version: 1, force: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Only an owner can force a protected label past its checks.');
    expect((await call('PUT', at('/labels/production'), { token: owner.token, json: { version: 1, force: true } })).status).toBe(200);
    expect((await call('PUT', `/prompts/${id}/labels/production/protection`, { token: stranger.token, json: { require_checks: false } })).status).toBe(404);
  });
});
