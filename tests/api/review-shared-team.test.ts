import { beforeAll, describe, expect, it } from 'vitest';
import { NO_SHARED_TEAM } from '../../functions/lib/use-cases/reviews';
import { call, signUp } from '../support/api';
import { dropMember, seedTeam } from '../support/db';
import { waitForMail } from '../support/mail';

/**
 * Reviewers from a shared team for a prompt in a person's own workspace (issue 31): the author may
 * name an editor or owner of a team they are both in, nobody else. That reviewer reads and answers
 * the review by its id (GET /reviews/{review_id}), and nothing else of the workspace; the merge
 * stays the author's. Leaving the team, or the review ending, closes the way in.
 */
type User = Awaited<ReturnType<typeof signUp>>;
let author: User;
let reviewer: User;
let viewer: User;
let stranger: User;
let team: string;

beforeAll(async () => {
  [author, reviewer, viewer, stranger] = await Promise.all([
    signUp({ first_name: 'Ada', last_name: 'Author' }),
    signUp({ first_name: 'Rex', last_name: 'Reviewer' }),
    signUp({ first_name: 'Vic', last_name: 'Viewer' }),
    signUp({ first_name: 'Otto', last_name: 'Outsider' }),
  ]);
  team = await seedTeam('Shared', 'pro', [
    { id: author.id, role: 'owner' },
    { id: reviewer.id, role: 'editor' },
    { id: viewer.id, role: 'viewer' },
  ]);
}, 60_000);

const newPrompt = async () => {
  const id = (await call('POST', '/prompts/', { token: author.token, json: { title: 'Private greeting', body: 'Say hi to [INPUT: name].' } })).body
    .id as string;
  await call('PUT', `/prompts/${id}`, { token: author.token, json: { title: 'Private greeting', body: 'Say hello to [INPUT: name].' } });
  return id;
};

describe('reviewers from a shared team in a personal workspace', () => {
  it('names only editors or owners of a shared team; they read and answer that review alone; the author merges', async () => {
    const id = await newPrompt();
    for (const who of [stranger, viewer]) {
      const refused = await call('POST', `/prompts/${id}/reviews`, { token: author.token, json: { version: 2, label: 'production', reviewers: [who.id] } });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(NO_SHARED_TEAM);
    }
    expect((await call('GET', `/prompts/${id}/reviews`, { token: author.token })).body.reviews).toEqual([]);

    const opened = await call('POST', `/prompts/${id}/reviews`, { token: author.token, json: { version: 2, label: 'production', reviewers: [reviewer.id] } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const reviewId = opened.body.id as string;
    expect(opened.body.reviewers).toEqual([{ name: 'Rex Reviewer' }]);
    const mail = await waitForMail(reviewer.email, /Review requested/);
    expect(mail.text).toContain(`/reviews/${reviewId}`);
    expect(await (await call('GET', '/notices', { token: reviewer.token })).body.notices).toMatchObject([
      { review_id: reviewId, prompt_title: 'Private greeting', workspace: null, review_only: true, reason: 'review_requested', by: { name: 'Ada Author' } },
    ]);

    // The reviewer reads the review with its diff, and nothing else of the workspace.
    const read = await call('GET', `/reviews/${reviewId}`, { token: reviewer.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: reviewId, own: false, version: 2, status: 'open' });
    expect(read.body.diff.text.map((p: any) => p.value)).toEqual(['Say hello to [INPUT: name].']);
    expect(JSON.stringify(read.body)).not.toContain(author.id);
    for (const path of [`/prompts/${id}/reviews`, `/prompts/${id}/versions`, `/prompts/${id}/activity`])
      expect((await call('GET', path, { token: reviewer.token })).status, path).toBe(404);
    expect(((await call('GET', '/prompts/', { token: reviewer.token })).body.prompts as any[]).map((p) => p.id)).not.toContain(id);
    for (const who of [stranger, viewer]) {
      expect((await call('GET', `/reviews/${reviewId}`, { token: who.token })).status).toBe(404);
      expect((await call('POST', `/reviews/${reviewId}/approve`, { token: who.token })).status).toBe(404);
      expect((await call('GET', '/notices', { token: who.token })).body.notices).toEqual([]);
    }

    // The author reads it too, and cannot answer it.
    expect((await call('GET', `/reviews/${reviewId}`, { token: author.token })).body.own).toBe(true);
    expect((await call('POST', `/reviews/${reviewId}/approve`, { token: author.token })).status).toBe(403);

    // The reviewer answers; the merge is the author's (the reviewer has no way to the prompt's routes).
    const changes = await call('POST', `/reviews/${reviewId}/request-changes`, { token: reviewer.token, json: { note: 'Warmer.' } });
    expect(changes.body).toMatchObject({ status: 'changes_requested', changes_requested: [{ name: 'Rex Reviewer', note: 'Warmer.' }] });
    const approved = await call('POST', `/reviews/${reviewId}/approve`, { token: reviewer.token });
    expect(approved.body).toMatchObject({ status: 'approved', approvals: [{ name: 'Rex Reviewer', version: 2, stale: false }] });
    expect((await call('POST', `/prompts/${id}/reviews/${reviewId}/merge`, { token: reviewer.token })).status).toBe(404);
    const merged = await call('POST', `/prompts/${id}/reviews/${reviewId}/merge`, { token: author.token });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const prompt = ((await call('GET', '/prompts/', { token: author.token })).body.prompts as any[]).find((p) => p.id === id);
    expect(prompt.labels).toMatchObject({ production: 2 });
    // Ended: the way in is gone.
    expect((await call('GET', `/reviews/${reviewId}`, { token: reviewer.token })).status).toBe(404);
  });

  it('a reviewer who leaves the shared team can no longer read or answer the review', async () => {
    const id = await newPrompt();
    const reviewId = (
      await call('POST', `/prompts/${id}/reviews`, { token: author.token, json: { version: 2, label: 'production', reviewers: [reviewer.id] } })
    ).body.id as string;
    expect((await call('GET', `/reviews/${reviewId}`, { token: reviewer.token })).status).toBe(200);
    await dropMember(team, reviewer.id);
    expect((await call('GET', `/reviews/${reviewId}`, { token: reviewer.token })).status).toBe(404);
    expect((await call('POST', `/reviews/${reviewId}/approve`, { token: reviewer.token })).status).toBe(404);
    expect((await call('GET', '/notices', { token: reviewer.token })).body.notices).toEqual([]);
    expect(((await call('GET', `/prompts/${id}/reviews`, { token: author.token })).body.reviews as any[])[0].approvals).toEqual([]);
  });
});
