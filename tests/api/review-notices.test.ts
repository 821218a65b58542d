import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { dropMember, getItem, seedTeam } from '../support/db';

/**
 * In-app notices (GET /notices, issue 31): the open reviews that wait on the caller, across the
 * workspaces they belong to, read from pointers the reviews writer keeps in each person's own
 * partition. A reviewer sees a review until they answer it; its author sees it once it is
 * answered; nobody else sees it; merged or closed, it is gone (and so are the pointers).
 */
type User = Awaited<ReturnType<typeof signUp>>;
let author: User;
let reviewer: User;
let bystander: User;
let viewer: User;
let outsider: User;
let team: string;
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${team}`;
const notices = async (user: User) => {
  const reply = await call('GET', '/notices', { token: user.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.notices as any[];
};

beforeAll(async () => {
  [author, reviewer, bystander, viewer, outsider] = await Promise.all([
    signUp({ first_name: 'Ada', last_name: 'Author' }),
    signUp({ first_name: 'Rex', last_name: 'Reviewer' }),
    signUp({ first_name: 'Bea', last_name: 'Bystander' }),
    signUp({ first_name: 'Vic', last_name: 'Viewer' }),
    signUp({ first_name: 'Otto', last_name: 'Outsider' }),
  ]);
  team = await seedTeam('Notices', 'pro', [
    { id: author.id, role: 'owner' },
    { id: reviewer.id, role: 'editor' },
    { id: bystander.id, role: 'editor' },
    { id: viewer.id, role: 'viewer' },
  ]);
}, 60_000);

describe('GET /notices', () => {
  it('a review waits on its reviewer until they answer, on its author once answered, on nobody else; merged or closed it is gone', async () => {
    for (const user of [author, reviewer, bystander, viewer, outsider]) expect(await notices(user)).toEqual([]);
    const id = (await call('POST', at('/prompts/'), { token: author.token, json: { title: 'Greeting', body: 'Say hi to [INPUT: name].' } })).body.id as string;
    const path = `/prompts/${id}`;
    await call('PUT', at(path), { token: author.token, json: { title: 'Greeting', body: 'Say hello to [INPUT: name].' } });
    const opened = await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 2, label: 'production', reviewers: [reviewer.id] } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const reviewId = opened.body.id as string;

    const waiting = await notices(reviewer);
    expect(waiting).toEqual([
      {
        review_id: reviewId,
        prompt_id: id,
        prompt_title: 'Greeting',
        workspace: { id: team, name: 'Notices' },
        review_only: false,
        version: 2,
        label: 'production',
        reason: 'review_requested',
        by: { name: 'Ada Author' },
        at: opened.body.updated_at,
      },
    ]);
    expect(JSON.stringify(waiting)).not.toContain(author.id);
    // Not asked, a viewer, outside the team, or the author before any answer: nothing.
    for (const user of [author, bystander, viewer, outsider]) expect(await notices(user)).toEqual([]);

    // Asking for changes hands it back to the author; a new version hands it to the reviewer again.
    const r = (action: string) => at(`${path}/reviews/${reviewId}/${action}`);
    await call('POST', r('request-changes'), { token: reviewer.token, json: { note: 'Warmer, please.' } });
    expect(await notices(reviewer)).toEqual([]);
    expect(await notices(author)).toMatchObject([{ review_id: reviewId, reason: 'changes_requested', by: { name: 'Rex Reviewer' }, version: 2 }]);
    await call('PUT', at(path), { token: author.token, json: { title: 'Greeting', body: 'Say a warm hello to [INPUT: name].' } });
    // Asking again may name one more reviewer: they join.
    const again = await call('POST', at(`${path}/reviews`), { token: author.token, json: { version: 3, label: 'production', reviewers: [bystander.id] } });
    expect(again.body.reviewers).toEqual([{ name: 'Rex Reviewer' }, { name: 'Bea Bystander' }]);
    expect(await notices(author)).toEqual([]);
    expect(await notices(reviewer)).toMatchObject([{ review_id: reviewId, reason: 'review_requested', version: 3 }]);
    expect(await notices(bystander)).toMatchObject([{ review_id: reviewId, reason: 'review_requested', version: 3 }]);

    // An approval of this version: the author is told; the approver no longer waits, the other reviewer still does.
    await call('POST', r('approve'), { token: reviewer.token });
    expect(await notices(reviewer)).toEqual([]);
    expect(await notices(bystander)).toMatchObject([{ review_id: reviewId }]);
    expect(await notices(author)).toMatchObject([{ review_id: reviewId, reason: 'approved', by: { name: 'Rex Reviewer' }, version: 3 }]);

    const merged = await call('POST', r('merge'), { token: author.token });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    for (const user of [author, reviewer, bystander]) {
      expect(await notices(user)).toEqual([]);
      expect(await getItem({ pk: `USER#${user.id}`, sk: `XNOTICE#${reviewId}` })).toBeUndefined();
    }
  });

  it('a closed review, or a reviewer who left the team, shows nothing', async () => {
    const id = (await call('POST', at('/prompts/'), { token: author.token, json: { title: 'Farewell', body: 'Say bye.' } })).body.id as string;
    const open = async (label: string) =>
      (await call('POST', at(`/prompts/${id}/reviews`), { token: author.token, json: { version: 1, label, reviewers: [reviewer.id, bystander.id] } })).body
        .id as string;
    const first = await open('production');
    const second = await open('staging');
    expect((await notices(reviewer)).map((n) => n.review_id).sort()).toEqual([first, second].sort());

    expect((await call('POST', at(`/prompts/${id}/reviews/${first}/close`), { token: author.token })).status).toBe(200);
    expect((await notices(reviewer)).map((n) => n.review_id)).toEqual([second]);
    expect(await getItem({ pk: `USER#${reviewer.id}`, sk: `XNOTICE#${first}` })).toBeUndefined();

    // Out of the team: its reviews are no longer theirs to see.
    await dropMember(team, bystander.id);
    expect(await notices(bystander)).toEqual([]);
  });
});
