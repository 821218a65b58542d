import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';

const snippet = (snippet_name: string, snippet_content = `Content of ${snippet_name}`) => ({ snippet_name, snippet_content });

describe('directives', () => {
  it('start empty, save both texts and read them back', async () => {
    const user = await signUp();
    expect((await call('GET', '/context/directives', { token: user.token })).body).toEqual({ global_prompt_prefix: '', global_prompt_suffix: '' });

    const saved = await call('PUT', '/context/directives', {
      token: user.token,
      json: { global_prompt_prefix: 'You are concise.', global_prompt_suffix: 'Answer in English.' },
    });

    expect(saved.status).toBe(200);
    expect((await call('GET', '/context/directives', { token: user.token })).body).toEqual({
      global_prompt_prefix: 'You are concise.',
      global_prompt_suffix: 'Answer in English.',
    });
  });

  it('rejects oversized or unknown fields and keeps the old values', async () => {
    const user = await signUp();
    await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'keep', global_prompt_suffix: '' } });

    const big = await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'x'.repeat(10_001), global_prompt_suffix: '' } });
    const extra = await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'a', is_admin: true } });

    expect(big.status).toBe(400);
    expect(big.body.detail).toBe('Global Prompt Prefix must be at most 10000 characters.');
    expect(extra.status).toBe(400);
    expect((await call('GET', '/context/directives', { token: user.token })).body.global_prompt_prefix).toBe('keep');
  });
});

describe('snippets', () => {
  it('creates, lists by name, updates and deletes (204, no body)', async () => {
    const user = await signUp();
    const bio = await call('POST', '/context/snippets', { token: user.token, json: snippet('Company Bio', 'We build prompt tools.') });
    await call('POST', '/context/snippets', { token: user.token, json: snippet('audience') });
    expect(bio.status).toBe(201);
    expect(bio.body).toEqual({ id: expect.any(String), snippet_name: 'Company Bio', snippet_content: 'We build prompt tools.' });

    expect((await call('GET', '/context/snippets', { token: user.token })).body.map((s: any) => s.snippet_name)).toEqual(['audience', 'Company Bio']);

    const updated = await call('PUT', `/context/snippets/${bio.body.id}`, { token: user.token, json: snippet('Company Bio', 'New text') });
    expect(updated.body).toEqual({ id: bio.body.id, snippet_name: 'Company Bio', snippet_content: 'New text' });

    const deleted = await call('DELETE', `/context/snippets/${bio.body.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await call('GET', '/context/snippets', { token: user.token })).body.map((s: any) => s.snippet_name)).toEqual(['audience']);
  });

  it('keeps names unique per user, case-insensitively, on create and rename', async () => {
    const user = await signUp();
    const other = await signUp();
    const a = (await call('POST', '/context/snippets', { token: user.token, json: snippet('Tone') })).body;
    const b = (await call('POST', '/context/snippets', { token: user.token, json: snippet('Voice') })).body;

    const dup = await call('POST', '/context/snippets', { token: user.token, json: snippet('tone') });
    const rename = await call('PUT', `/context/snippets/${b.id}`, { token: user.token, json: snippet('TONE') });

    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('A snippet with this name already exists.');
    expect(rename.status).toBe(409);
    expect((await call('POST', '/context/snippets', { token: other.token, json: snippet('Tone') })).status).toBe(201);
    // Renaming frees the old name.
    await call('PUT', `/context/snippets/${a.id}`, { token: user.token, json: snippet('Style') });
    expect((await call('POST', '/context/snippets', { token: user.token, json: snippet('Tone') })).status).toBe(201);
  });

  it('stops a free user at 5 snippets, exactly, under 50 concurrent creates', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i++) await call('POST', '/context/snippets', { token: user.token, json: snippet(`s${i}`) });

    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', '/context/snippets', { token: user.token, json: snippet(`race ${i}`) })),
    );

    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.find((r) => r.status === 403)?.body.detail).toBe('You have reached your limit of 5 snippets. Please upgrade your plan.');
    expect((await call('GET', '/context/snippets', { token: user.token })).body).toHaveLength(5);
  });

  it.each([
    ['a blank name', snippet('  ', 'x'), 'Snippet name is required.'],
    ['blank content', snippet('n', '   '), 'Snippet content is required.'],
    ['oversized content', snippet('n', 'x'.repeat(20_001)), 'Snippet content must be at most 20000 characters.'],
    ['a missing name', { snippet_content: 'x' }, 'snippet_name is required.'],
  ])('rejects %s with 400 and stores nothing', async (_, json, detail) => {
    const user = await signUp();
    const reply = await call('POST', '/context/snippets', { token: user.token, json });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
    expect((await call('GET', '/context/snippets', { token: user.token })).body).toEqual([]);
  });

  it("answers 404 for another user's snippet and changes nothing", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const s = (await call('POST', '/context/snippets', { token: owner.token, json: snippet('Secret', 'owner text') })).body;

    expect((await call('PUT', `/context/snippets/${s.id}`, { token: intruder.token, json: snippet('Mine') })).status).toBe(404);
    expect((await call('DELETE', `/context/snippets/${s.id}`, { token: intruder.token })).status).toBe(404);
    expect((await call('GET', '/context/snippets', { token: owner.token })).body).toEqual([s]);
  });
});

describe('profile values', () => {
  it('saves, reads and forgets PROFILE values, keys with spaces included', async () => {
    const user = await signUp();
    expect((await call('GET', '/context/profile', { token: user.token })).body).toEqual({ values: {} });

    await call('PUT', `/context/profile/${encodeURIComponent('Job Title')}`, { token: user.token, json: { value: 'Engineer' } });
    await call('PUT', '/context/profile/company', { token: user.token, json: { value: 'Construct' } });
    await call('PUT', '/context/profile/company', { token: user.token, json: { value: 'Construct Ltd' } });
    expect((await call('GET', '/context/profile', { token: user.token })).body).toEqual({ values: { 'Job Title': 'Engineer', company: 'Construct Ltd' } });

    expect((await call('DELETE', '/context/profile/company', { token: user.token })).status).toBe(204);
    expect((await call('GET', '/context/profile', { token: user.token })).body).toEqual({ values: { 'Job Title': 'Engineer' } });
  });

  it('rejects an empty or oversized value and never leaks values into /auth/me', async () => {
    const user = await signUp();
    expect((await call('PUT', '/context/profile/k', { token: user.token, json: { value: ' ' } })).body.detail).toBe('Value is required.');
    expect((await call('PUT', '/context/profile/k', { token: user.token, json: { value: 'x'.repeat(5001) } })).status).toBe(400);
    await call('PUT', '/context/profile/k', { token: user.token, json: { value: 'v' } });
    expect(Object.keys((await call('GET', '/auth/me', { token: user.token })).body)).not.toContain('profile_values');
  });
});
