import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { seedTeam, setTier } from '../support/db';
import { waitForMail } from '../support/mail';

/**
 * Review requests (issue 31) in a team: a version proposed for a protected label, approved by
 * another member (never by its author, never by a viewer), bound to the exact version, merged to
 * move the label; `require_review` refuses every other move (sessions, owners forcing, API keys),
 * and with the evaluation gate both must hold.
 */
type User = Awaited<ReturnType<typeof signUp>>;
let owner: User;
let author: User;
let reviewer: User;
let viewer: User;
let team: string;
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${team}`;
const labels = async (id: string) =>
  ((await call('GET', at('/prompts/'), { token: owner.token })).body.prompts as any[]).find((p) => p.id === id)?.labels ?? {};

beforeAll(async () => {
  [owner, author, reviewer, viewer] = await Promise.all([
    signUp({ first_name: 'Olive', last_name: 'Owner' }),
    signUp({ first_name: 'Ada', last_name: 'Author' }),
    signUp({ first_name: 'Rex', last_name: 'Reviewer' }),
    signUp({ first_name: 'Vic', last_name: 'Viewer' }),
  ]);
  await setTier(owner.id, 'pro');
  team = await seedTeam('Reviews', 'pro', [
    { id: owner.id, role: 'owner' },
    { id: author.id, role: 'editor' },
    { id: reviewer.id, role: 'editor' },
    { id: viewer.id, role: 'viewer' },
  ]);
}, 60_000);

describe('reviews', () => {
  it('gate a label that requires a review: only an approved review of the exact version, merged, moves it', async () => {
    const id = (await call('POST', at('/prompts/'), { token: author.token, json: { title: 'Greeting', body: 'Say hi to [INPUT: name].' } })).body.id as string;
    const path = `/prompts/${id}`;
    await call('PUT', at(path), {
      token: author.token,
      json: { title: 'Greeting', body: 'Say hello to [INPUT: name] in a [INPUT: tone=warm|formal] tone.', config: { temperature: 0.2 } },
    });
    expect((await call('PUT', at(`${path}/labels/production`), { token: owner.token, json: { version: 1 } })).status).toBe(200);
    const protectedReply = await call('PUT', at(`${path}/labels/production/protection`), {
      token: owner.token,
      json: { require_checks: false, require_review: true },
    });
    expect(protectedReply.body).toEqual({ label: 'production', require_checks: false, min_pass_rate: 1, require_review: true });

    // Every other way is refused, an owner's force included.
    for (const [token, json] of [
      [author.token, { version: 2 }],
      [owner.token, { version: 2, force: true }],
    ] as const) {
      const refused = await call('PUT', at(`${path}/labels/production`), { token, json });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        'The label "production" is protected: it moves only by merging an approved review. Open one with POST /prompts/{id}/reviews.',
      );
    }

    // Bad requests change nothing.
    expect((await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 9, label: 'production' } })).body.detail).toBe(
      "Version 9 does not exist: this prompt's latest is version 2.",
    );
    expect((await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 2, label: 'production', reviewers: [viewer.id] } })).status).toBe(
      400,
    );
    expect((await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 2, label: 'production', reviewers: [author.id] } })).status).toBe(
      400,
    );
    expect((await call('POST', at(`${path}/reviews`), { token: viewer.token, json: { version: 2, label: 'production' } })).status).toBe(403);
    expect((await call('GET', at(`${path}/reviews`), { token: viewer.token })).body.reviews).toEqual([]);

    const opened = await call('POST', at(`${path}/reviews`), {
      token: author.token,
      json: { version: 2, label: 'production', note: 'Friendlier, with a tone.', reviewers: [reviewer.id] },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const review = opened.body;
    expect(review).toMatchObject({
      version: 2,
      label: 'production',
      status: 'open',
      author: { name: 'Ada Author' },
      own: true,
      reviewers: [{ name: 'Rex Reviewer' }],
      approvals: [],
    });
    // `own` is the caller's, not the author's name: the reviewer reads the same review as not theirs.
    expect(((await call('GET', at(`${path}/reviews`), { token: reviewer.token })).body.reviews as any[]).map((r) => [r.id, r.own])).toEqual([
      [review.id, false],
    ]);
    expect(review.diff.base_version).toBe(1);
    expect(review.diff.text).toEqual([
      { value: 'Say hi to [INPUT: name].', added: false, removed: true },
      { value: 'Say hello to [INPUT: name] in a [INPUT: tone=warm|formal] tone.', added: true, removed: false },
    ]);
    expect(review.diff.variables).toEqual([{ key: 'tone', change: 'added', after: '[INPUT: tone=warm|formal]' }]);
    expect(review.diff.settings).toEqual([{ setting: 'temperature', before: null, after: 0.2 }]);
    expect(review.diff.evaluation).toBeNull();
    expect(JSON.stringify(review)).not.toContain(author.id);
    const mail = await waitForMail(reviewer.email, /Review requested/);
    expect(mail.text).toContain('Ada Author asks you to review version 2 of "Greeting" before it becomes production.');

    const r = (action: string) => at(`${path}/reviews/${review.id}/${action}`);
    // Not one's own, not a viewer; not merged unapproved.
    const own = await call('POST', r('approve'), { token: author.token });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe('You cannot approve or ask for changes on your own review request: another member must.');
    expect((await call('POST', r('approve'), { token: viewer.token })).status).toBe(403);
    const early = await call('POST', r('merge'), { token: author.token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('This review needs an approval of version 2 from another member before it can be merged.');

    const changes = await call('POST', r('request-changes'), { token: reviewer.token, json: { note: 'Add a formal greeting.' } });
    expect(changes.body).toMatchObject({ status: 'changes_requested', changes_requested: [{ name: 'Rex Reviewer', note: 'Add a formal greeting.' }] });
    const approved = await call('POST', r('approve'), { token: reviewer.token });
    expect(approved.body).toMatchObject({ status: 'approved', own: false, approvals: [{ name: 'Rex Reviewer', version: 2, stale: false }] });

    // A newer version in the request: the approval is stale, the merge refused.
    await call('PUT', at(path), {
      token: author.token,
      json: { title: 'Greeting', body: 'Say hello to [INPUT: name] in a [INPUT: tone=warm|formal|curt] tone.' },
    });
    const moved = await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 3, label: 'production' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: review.id, version: 3, status: 'open', approvals: [{ version: 2, stale: true }] });
    expect(moved.body.diff.variables).toEqual([{ key: 'tone', change: 'added', after: '[INPUT: tone=warm|formal|curt]' }]);
    expect((await call('POST', r('merge'), { token: author.token })).status).toBe(409);
    expect(await labels(id)).toMatchObject({ production: 1 });

    await call('POST', r('approve'), { token: reviewer.token });
    const merged = await call('POST', r('merge'), { token: author.token });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.status).toBe('merged');
    expect(await labels(id)).toMatchObject({ production: 3 });
    expect((await call('POST', r('merge'), { token: author.token })).body.detail).toBe('This review is closed or merged: open a new one.');

    // The feed tells it all, by name.
    let events: any[] = [];
    for (const started = Date.now(); Date.now() - started < 20_000; await sleep(100)) {
      events = (await call('GET', at(`${path}/activity`), { token: viewer.token })).body.events;
      if (events.some((e) => e.type === 'review.merged')) break;
    }
    const told = events.map((e) => [e.type, e.actor.name]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['review.opened', 'Ada Author'],
        ['review.changes_requested', 'Rex Reviewer'],
        ['review.approved', 'Rex Reviewer'],
        ['review.merged', 'Ada Author'],
        ['prompt.label.moved', 'Ada Author'],
      ]),
    );
  });

  it('with the evaluation gate too, both must hold; an API key is refused like a session; a closed review merges nothing', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Solo', body: 'Explain [INPUT: topic].' } })).body.id as string;
    await call('PUT', `/prompts/${id}/labels/production/protection`, { token: user.token, json: { require_checks: true, require_review: true } });
    const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'deploy', password: user.password } })).body.key;
    const byKey = await call('PUT', `/prompts/${id}/labels/production`, { token: key, json: { version: 1 } });
    expect(byKey.status).toBe(409);
    expect(byKey.body.detail).toMatch(/moves only by merging an approved review/);

    // A team: an approved review still needs the label's passing evaluation.
    const tid = (await call('POST', at('/prompts/'), { token: author.token, json: { title: 'Both', body: 'Explain [INPUT: topic].' } })).body.id as string;
    await call('PUT', at(`/prompts/${tid}/labels/production/protection`), { token: owner.token, json: { require_checks: true, require_review: true } });
    const review = (await call('POST', at(`/prompts/${tid}/reviews`), { token: author.token, json: { version: 1, label: 'production' } })).body;
    await call('POST', at(`/prompts/${tid}/reviews/${review.id}/approve`), { token: reviewer.token });
    const gated = await call('POST', at(`/prompts/${tid}/reviews/${review.id}/merge`), { token: owner.token });
    expect(gated.status).toBe(409);
    expect(gated.body.detail).toMatch(/needs a finished evaluation/);
    expect(await labels(tid)).toEqual({});

    const closed = await call('POST', at(`/prompts/${tid}/reviews/${review.id}/close`), { token: author.token });
    expect(closed.body.status).toBe('closed');
    expect((await call('POST', at(`/prompts/${tid}/reviews/${review.id}/approve`), { token: reviewer.token })).status).toBe(409);
    const list = (await call('GET', at(`/prompts/${tid}/reviews`), { token: viewer.token })).body.reviews;
    expect(list.map((x: any) => [x.id, x.status])).toEqual([[review.id, 'closed']]);
  });
});
