import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { TABLE, db, getItem, setTier, userItem } from '../support/db';

/** Team workspaces: the management API (docs/product.md, "Teams"). */
type Person = Awaited<ReturnType<typeof signUp>>;

async function person(tier: 'free' | 'pro' | 'elite' = 'free'): Promise<Person> {
  const p = await signUp();
  if (tier !== 'free') await setTier(p.id, tier);
  return p;
}

async function newTeam(owner: Person, name = `Team ${randomUUID().slice(0, 6)}`): Promise<string> {
  const reply = await call('POST', '/teams', { token: owner.token, json: { name } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id;
}

const teamsOf = async (p: Person) => (await call('GET', '/teams', { token: p.token })).body.teams as { id: string; name: string; role: string }[];

describe('teams', () => {
  it('a Pro user creates, lists, renames and deletes a team; a free user is refused with a detail', async () => {
    const [pro, free] = await Promise.all([person('pro'), person()]);

    const made = await call('POST', '/teams', { token: pro.token, json: { name: '  Writers  ' } });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(String), name: 'Writers', role: 'owner' });
    expect(await teamsOf(pro)).toEqual([made.body]);
    expect((await userItem(pro.id))?.teams_used).toBe(1);
    expect(await getItem({ pk: `TEAM#${made.body.id}`, sk: 'TEAM' })).toMatchObject({ billing_owner_id: pro.id, tier: 'pro', owners: 1, members_used: 1 });

    const renamed = await call('PUT', `/teams/${made.body.id}`, { token: pro.token, json: { name: 'Editors' } });
    expect(renamed).toMatchObject({ status: 200, body: { id: made.body.id, name: 'Editors', role: 'owner' } });
    expect(await teamsOf(pro)).toEqual([renamed.body]);

    const refused = await call('POST', '/teams', { token: free.token, json: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Pro and Elite plans/);
    expect(await teamsOf(free)).toEqual([]);

    expect((await call('DELETE', `/teams/${made.body.id}`, { token: pro.token })).status).toBe(204);
    expect(await teamsOf(pro)).toEqual([]);
    expect((await userItem(pro.id))?.teams_used).toBe(0);
    expect((await call('DELETE', `/teams/${made.body.id}`, { token: pro.token })).status).toBe(404);
  });

  it('keeps a Pro user within 3 teams, even when they create them at once', async () => {
    const pro = await person('pro');
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', '/teams', { token: pro.token, json: { name: `T${i}` } })));
    // Transaction conflicts may refuse some with 409; never more than 3 pass.
    expect(replies.filter((r) => r.status === 201).length).toBeLessThanOrEqual(3);
    expect(replies.every((r) => [201, 403, 409].includes(r.status))).toBe(true);
    while ((await teamsOf(pro)).length < 3) await newTeam(pro);
    const over = await call('POST', '/teams', { token: pro.token, json: { name: 'One more' } });
    expect(over).toMatchObject({ status: 403, body: { detail: 'You have reached your limit of 3 teams. Please upgrade your plan.' } });
    expect(await teamsOf(pro)).toHaveLength(3);
    expect((await userItem(pro.id))?.teams_used).toBe(3);
  });

  it('answers 404 to someone who is not in the team, and changes nothing', async () => {
    const [owner, stranger] = await Promise.all([person('pro'), person('pro')]);
    const id = await newTeam(owner, 'Private');
    for (const [method, json] of [
      ['PUT', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await call(method, `/teams/${id}`, { token: stranger.token, json });
      expect(reply).toMatchObject({ status: 404, body: { detail: 'Team not found.' } });
    }
    expect(await teamsOf(owner)).toEqual([{ id, name: 'Private', role: 'owner' }]);
  });

  it("follows its creator's tier when an admin changes it", async () => {
    const owner = await person('pro');
    const id = await newTeam(owner);
    expect((await call('PUT', `/admin/users/${owner.id}`, { token: await adminToken(), json: { access_tier: 'elite' } })).status).toBe(200);
    expect((await getItem({ pk: `TEAM#${id}`, sk: 'TEAM' }))?.tier).toBe('elite');
  });

  it('deletes the whole team partition and the share links of its prompts', async () => {
    const owner = await person('elite');
    const id = await newTeam(owner);
    // A shared team prompt, as the team workspace writes it (PROMPT# in the team partition + its SHARE# link).
    const token = `team-${randomUUID()}`;
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: `TEAM#${id}`, sk: 'PROMPT#p1', type: 'prompt', id: 'p1', share_token: token } }));
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: `SHARE#${token}`, sk: 'SHARE', type: 'share_link', prompt_id: 'p1' } }));

    expect((await call('DELETE', `/teams/${id}`, { token: owner.token })).status).toBe(204);
    expect(await getItem({ pk: `TEAM#${id}`, sk: 'PROMPT#p1' })).toBeUndefined();
    expect(await getItem({ pk: `SHARE#${token}`, sk: 'SHARE' })).toBeUndefined();
    expect(await getItem({ pk: `USER#${owner.id}`, sk: `TEAMOF#${id}` })).toBeUndefined();
    expect(await getItem({ pk: `TEAM#${id}`, sk: `MEMBER#${owner.id}` })).toBeUndefined();
  });
});
