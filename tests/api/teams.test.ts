import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { db, getItem, setTier, TABLE, userItem } from '../support/db';
import { invitationToken, mailTo, waitForMail } from '../support/mail';

/** Team workspaces: the management API (docs/product.md, "Teams"). Every test has people and teams of its own. */
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

  it('deletes the whole team workspace and the share links of its prompts', async () => {
    const owner = await person('elite');
    const id = await newTeam(owner);
    const prompt = await call('POST', `/prompts/?workspace=${id}`, { token: owner.token, json: { title: 'Team prompt', body: 'Shared [INPUT: x]' } });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
    const shared = await call('POST', `/prompts/${prompt.body.id}/share?workspace=${id}`, { token: owner.token });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect((await call('GET', `/shared/${shared.body.token}`)).status).toBe(200);

    expect((await call('DELETE', `/teams/${id}`, { token: owner.token })).status).toBe(204);
    expect(await getItem({ pk: `TEAM#${id}`, sk: `PROMPT#${prompt.body.id}` })).toBeUndefined();
    expect(await getItem({ pk: `SHARE#${shared.body.token}`, sk: 'SHARE' })).toBeUndefined();
    expect((await call('GET', `/shared/${shared.body.token}`)).status).toBe(404);
    expect(await getItem({ pk: `USER#${owner.id}`, sk: `TEAMOF#${id}` })).toBeUndefined();
    expect(await getItem({ pk: `TEAM#${id}`, sk: `MEMBER#${owner.id}` })).toBeUndefined();
    expect((await call('GET', `/prompts/?workspace=${id}`, { token: owner.token })).status).toBe(404);
  });
});

async function invite(owner: Person, team: string, email: string, role = 'editor') {
  const reply = await call('POST', `/teams/${team}/invites`, { token: owner.token, json: { email, role } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string; email: string; role: string; expires_at: string };
}

/** A new member of `team` with `role`, through an emailed invitation. */
async function join(owner: Person, team: string, role = 'editor'): Promise<Person> {
  const member = await person();
  await invite(owner, team, member.email, role);
  const accepted = await call('POST', `/invites/${await invitationToken(member.email)}/accept`, { token: member.token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return member;
}

/**
 * A new member written as an accept writes it (member item, twin, the team's count): for tests
 * about members rather than invitations, which skip the mail round trip.
 */
async function seedMember(team: string, role: 'editor' | 'viewer'): Promise<Person> {
  const member = await person();
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: TABLE, Item }));
  await put({
    pk: `TEAM#${team}`,
    sk: `MEMBER#${member.id}`,
    type: 'team_member',
    team_id: team,
    user_id: member.id,
    role,
    joined_at: new Date().toISOString(),
  });
  await put({ pk: `USER#${member.id}`, sk: `TEAMOF#${team}`, type: 'team_membership', team_id: team, role });
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { pk: `TEAM#${team}`, sk: 'TEAM' },
      UpdateExpression: 'ADD members_used :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return member;
}

describe('invitations', () => {
  it('mails a link that the invited address, in any letter case, accepts once; another address is refused', async () => {
    const [owner, other] = await Promise.all([person('pro'), person()]);
    const invitee = await signUp({ email: `Invitee-${randomUUID()}@Example.com` });
    const team = await newTeam(owner, 'Copywriters');

    const made = await invite(owner, team, invitee.email.toUpperCase(), 'viewer');
    expect(made).toEqual({ id: expect.any(String), email: invitee.email.toLowerCase(), role: 'viewer', expires_at: expect.any(String) });
    const days = (Date.parse(made.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await call('GET', `/teams/${team}/invites`, { token: owner.token })).body).toEqual({ invites: [made] });

    const mail = await waitForMail(invitee.email, /invited you to the team Copywriters/);
    expect(mail.html).toContain('/invites/');
    const token = await invitationToken(invitee.email);
    const view = await call('GET', `/invites/${token}`, { token: invitee.token });
    expect(view.body).toEqual({ team: { id: team, name: 'Copywriters' }, role: 'viewer', email: made.email, expires_at: made.expires_at });

    const wrong = await call('POST', `/invites/${token}/accept`, { token: other.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe(`This invitation was sent to ${made.email}. Sign in with that address to accept it.`);
    expect(await teamsOf(other)).toEqual([]);

    const accepted = await call('POST', `/invites/${token}/accept`, { token: invitee.token });
    expect(accepted).toMatchObject({ status: 200, body: { id: team, name: 'Copywriters', role: 'viewer' } });
    expect(await teamsOf(invitee)).toEqual([{ id: team, name: 'Copywriters', role: 'viewer' }]);
    expect((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.members_used).toBe(2);
    expect((await call('GET', `/teams/${team}/invites`, { token: owner.token })).body).toEqual({ invites: [] });

    const again = await call('POST', `/invites/${token}/accept`, { token: invitee.token });
    expect(again).toMatchObject({ status: 409, body: { detail: 'You are already a member of this team.' } });
    const used = await call('GET', `/invites/${token}`, { token: invitee.token });
    expect(used).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/already accepted/) } });

    // A member who is not an owner manages nothing: 403 with a detail.
    for (const [method, path, json] of [
      ['PUT', `/teams/${team}`, { name: 'Mine now' }],
      ['DELETE', `/teams/${team}`, undefined],
      ['POST', `/teams/${team}/invites`, { email: 'x@example.com', role: 'editor' }],
      ['GET', `/teams/${team}/invites`, undefined],
    ] as const) {
      const reply = await call(method, path, { token: invitee.token, json });
      expect(reply, `${method} ${path}`).toMatchObject({ status: 403, body: { detail: 'Only an owner of the team can do this.' } });
    }
    expect(await teamsOf(owner)).toEqual([{ id: team, name: 'Copywriters', role: 'owner' }]);
  });

  it('refuses a revoked or expired link with 400 and a detail, and an invitation of a member with 409', async () => {
    const owner = await person('pro');
    const [a, b] = await Promise.all([person(), person()]);
    const team = await newTeam(owner);

    const revoked = await invite(owner, team, a.email);
    const tokenA = await invitationToken(a.email);
    expect((await call('DELETE', `/teams/${team}/invites/${revoked.id}`, { token: owner.token })).status).toBe(204);
    expect((await call('DELETE', `/teams/${team}/invites/${revoked.id}`, { token: owner.token })).status).toBe(404);
    const afterRevoke = await call('POST', `/invites/${tokenA}/accept`, { token: a.token });
    expect(afterRevoke).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/not valid, or the invitation was withdrawn/) } });

    await invite(owner, team, b.email);
    const tokenB = await invitationToken(b.email);
    const hash = createHash('sha256').update(tokenB).digest('hex');
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `TOKEN#${hash}`, sk: 'TOKEN' },
        UpdateExpression: 'SET valid_until = :past',
        ExpressionAttributeValues: { ':past': 1 },
      }),
    );
    const expired = await call('POST', `/invites/${tokenB}/accept`, { token: b.token });
    expect(expired).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/expired \(invitations work for 7 days\)/) } });
    expect(await teamsOf(a)).toEqual([]);
    expect(await teamsOf(b)).toEqual([]);

    const member = await join(owner, team);
    const twice = await call('POST', `/teams/${team}/invites`, { token: owner.token, json: { email: member.email, role: 'viewer' } });
    expect(twice).toMatchObject({ status: 409, body: { detail: 'This person is already a member of the team.' } });
  });

  it('refuses to invite into a team that can take no more members: 409 with a detail, nothing mailed', async () => {
    const owner = await person('pro');
    const team = await newTeam(owner);
    const fill = (n: number) =>
      db.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: `TEAM#${team}`, sk: 'TEAM' },
          UpdateExpression: 'SET members_used = :n',
          ExpressionAttributeValues: { ':n': n },
        }),
      );
    await fill(10);
    const email = `full-${randomUUID()}@example.com`;
    const full = await call('POST', `/teams/${team}/invites`, { token: owner.token, json: { email, role: 'editor' } });
    expect(full).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/limit of 10 members/) } });

    // A team whose creator is back on Free takes no new members at all.
    await fill(1);
    await setTier(owner.id, 'free');
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `TEAM#${team}`, sk: 'TEAM' },
        UpdateExpression: 'SET tier = :f',
        ExpressionAttributeValues: { ':f': 'free' },
      }),
    );
    const closed = await call('POST', `/teams/${team}/invites`, { token: owner.token, json: { email, role: 'editor' } });
    expect(closed).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/takes no new members/) } });

    expect((await call('GET', `/teams/${team}/invites`, { token: owner.token })).body.invites).toEqual([]);
    expect(await mailTo(email)).toEqual([]);
  });

  it('never lets concurrent accepts pass the member limit: 403 with a detail for the rest', async () => {
    const owner = await person('pro');
    const team = await newTeam(owner);
    const invitees = await Promise.all([person(), person(), person()]);
    for (const p of invitees) await invite(owner, team, p.email);
    const tokens = await Promise.all(invitees.map((p) => invitationToken(p.email)));
    // Nine of Pro's ten places taken: one is left for three people accepting at once.
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `TEAM#${team}`, sk: 'TEAM' },
        UpdateExpression: 'SET members_used = :n',
        ExpressionAttributeValues: { ':n': 9 },
      }),
    );
    const replies = await Promise.all(invitees.map((p, i) => call('POST', `/invites/${tokens[i]}/accept`, { token: p.token })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) {
      expect(r).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/limit of 10 members/) } });
    }
    expect((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.members_used).toBe(10);
  });
});

const membersOf = async (p: Person, team: string) => (await call('GET', `/teams/${team}/members`, { token: p.token })).body.members as Member[];
interface Member {
  user_id: string;
  email: string;
  name: string;
  role: string;
}
const setRole = (by: Person, team: string, userId: string, role: string) =>
  call('PUT', `/teams/${team}/members/${userId}`, { token: by.token, json: { role } });
const remove = (by: Person, team: string, userId: string) => call('DELETE', `/teams/${team}/members/${userId}`, { token: by.token });
/** The owner count on the team item and the owners among its member items. */
async function owners(by: Person, team: string) {
  const counted = (await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.owners;
  return { counted, listed: (await membersOf(by, team)).filter((m) => m.role === 'owner').length };
}

/** A team whose creator is no member (a state no request makes), so only the owner count keeps an owner. */
const creatorGone = (team: string) =>
  db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { pk: `TEAM#${team}`, sk: 'TEAM' },
      UpdateExpression: 'SET billing_owner_id = :x',
      ExpressionAttributeValues: { ':x': 'gone' },
    }),
  );

describe('members', () => {
  it('lists members with their current names, changes roles, and lets members leave or owners remove them', async () => {
    const owner = await person('pro');
    const team = await newTeam(owner, 'Crew');
    const [editor, viewer] = await Promise.all([join(owner, team, 'editor'), join(owner, team, 'viewer')]);
    await call('PUT', '/account', { token: editor.token, json: { first_name: 'Renamed', last_name: 'Editor' } });

    const listed = await membersOf(viewer, team);
    expect(listed).toEqual([
      { user_id: owner.id, email: owner.email, name: 'Test User', role: 'owner' },
      { user_id: editor.id, email: editor.email, name: 'Renamed Editor', role: 'editor' },
      { user_id: viewer.id, email: viewer.email, name: 'Test User', role: 'viewer' },
    ]);
    expect((await call('GET', `/teams/${team}/members`, { token: (await person()).token })).status).toBe(404);

    // Only owners change roles; the answer is the member.
    expect((await setRole(editor, team, viewer.id, 'editor')).status).toBe(403);
    const promoted = await setRole(owner, team, viewer.id, 'owner');
    expect(promoted).toMatchObject({ status: 200, body: { user_id: viewer.id, email: viewer.email, name: 'Test User', role: 'owner' } });
    expect(await teamsOf(viewer)).toEqual([{ id: team, name: 'Crew', role: 'owner' }]);
    expect(await owners(owner, team)).toEqual({ counted: 2, listed: 2 });
    expect((await setRole(owner, team, randomUUID(), 'viewer')).status).toBe(404);

    // An editor removes no one else, but may leave; an owner removes anyone.
    expect((await remove(editor, team, viewer.id)).status).toBe(403);
    expect((await remove(editor, team, editor.id)).status).toBe(204);
    expect(await teamsOf(editor)).toEqual([]);
    expect((await call('GET', `/teams/${team}/members`, { token: editor.token })).status).toBe(404);
    expect((await call('GET', `/prompts/?workspace=${team}`, { token: editor.token })).status).toBe(404);
    expect((await call('GET', `/prompts/?workspace=${team}`, { token: viewer.token })).status).toBe(200);
    expect((await remove(owner, team, viewer.id)).status).toBe(204);
    expect(await teamsOf(viewer)).toEqual([]);
    expect(await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' })).toMatchObject({ owners: 1, members_used: 1 });
  });

  it("keeps the team's creator an owner, and the last owner too: 409 with a detail", async () => {
    const creator = await person('pro');
    const team = await newTeam(creator);
    const other = await seedMember(team, 'editor');
    await setRole(creator, team, other.id, 'owner');

    for (const reply of [
      await setRole(creator, team, creator.id, 'editor'),
      await setRole(other, team, creator.id, 'viewer'),
      await remove(other, team, creator.id),
    ]) {
      expect(reply).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/creator stays an owner.*Delete the team instead/) } });
    }
    expect(await remove(creator, team, creator.id)).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/cannot leave it\. Delete the team instead/) },
    });

    // Were the creator no owner (a state no request makes), the last owner still could not go.
    await setRole(other, team, other.id, 'editor');
    await creatorGone(team);
    const last = 'A team needs at least one owner. Make another member an owner first.';
    expect(await setRole(creator, team, creator.id, 'viewer')).toMatchObject({ status: 409, body: { detail: last } });
    expect(await remove(creator, team, creator.id)).toMatchObject({ status: 409, body: { detail: last } });
    expect(await owners(creator, team)).toEqual({ counted: 1, listed: 1 });
  });

  it('never leaves a team without an owner when two owners demote each other at once', async () => {
    const a = await person('pro');
    const team = await newTeam(a);
    const b = await seedMember(team, 'editor');
    await setRole(a, team, b.id, 'owner');
    // Neither is the creator here, so only the owner count stands between them and no owner.
    await creatorGone(team);
    const replies = await Promise.all([setRole(a, team, b.id, 'viewer'), setRole(b, team, a.id, 'viewer')]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    // The loser is refused by the owner count (409), or, when it came second, as no owner any more (403).
    const loser = replies.find((r) => r.status !== 200)!;
    expect([403, 409]).toContain(loser.status);
    expect(loser.body.detail).toEqual(expect.any(String));
    const survivor = replies[0]!.status === 200 ? a : b;
    expect(await owners(survivor, team)).toEqual({ counted: 1, listed: 1 });
  });

  it("deleting a team takes it off every member's list", async () => {
    const owner = await person('elite');
    const team = await newTeam(owner);
    const member = await seedMember(team, 'viewer');
    expect(await teamsOf(member)).toHaveLength(1);
    expect((await call('DELETE', `/teams/${team}`, { token: owner.token })).status).toBe(204);
    expect(await teamsOf(member)).toEqual([]);
    expect(await getItem({ pk: `USER#${member.id}`, sk: `TEAMOF#${team}` })).toBeUndefined();
    expect((await call('GET', `/teams/${team}/members`, { token: member.token })).status).toBe(404);
  });

  it("refuses to delete the account of a team's creator while others are in it; otherwise ends memberships and lone teams", async () => {
    const creator = await person('pro');
    const shared = await newTeam(creator, 'Shared');
    const member = await seedMember(shared, 'editor');
    const alone = await newTeam(creator, 'Alone');

    const refused = await call('DELETE', '/account', { token: creator.token, json: { password: creator.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/"Shared"/);
    expect((await call('GET', '/auth/me', { token: creator.token })).status).toBe(200);
    // GET /account says so before any password is typed; the member is not held.
    expect((await call('GET', '/account', { token: creator.token })).body.delete_blocked).toBe(refused.body.detail);
    expect((await call('GET', '/account', { token: member.token })).body).not.toHaveProperty('delete_blocked');

    // The member's account goes: their membership ends (the team's count with it).
    expect((await call('DELETE', '/account', { token: member.token, json: { password: member.password } })).status).toBe(204);
    expect(await membersOf(creator, shared)).toEqual([expect.objectContaining({ user_id: creator.id })]);
    expect((await getItem({ pk: `TEAM#${shared}`, sk: 'TEAM' }))?.members_used).toBe(1);

    // Now alone in both teams, the creator's account goes with them.
    expect((await call('DELETE', '/account', { token: creator.token, json: { password: creator.password } })).status).toBe(204);
    expect(await getItem({ pk: `TEAM#${shared}`, sk: 'TEAM' })).toBeUndefined();
    expect(await getItem({ pk: `TEAM#${alone}`, sk: 'TEAM' })).toBeUndefined();
  });
});
