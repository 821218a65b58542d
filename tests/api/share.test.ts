import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { getItem, library, setTier } from '../support/db';

describe('share links', () => {
  it('shares a prompt once, reads it without sign-in (no email), forks it, and revokes it at once', async () => {
    const author = await signUp({ first_name: 'Grace', last_name: 'Hopper' });
    const p = (await call('POST', '/prompts/', { token: author.token, json: { title: 'Standup', body: 'Summarise [INPUT: notes=none]', tasks: ['Meetings'] } }))
      .body;

    const shared = await call('POST', `/prompts/${p.id}/share`, { token: author.token });
    expect(shared.status).toBe(201);
    expect(shared.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), url: expect.stringMatching(new RegExp(`/s/${shared.body.token}$`)) });
    const again = await call('POST', `/prompts/${p.id}/share`, { token: author.token });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(shared.body);

    const read = await call('GET', `/shared/${shared.body.token}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      title: 'Standup',
      kind: 'text',
      body: 'Summarise [INPUT: notes=none]',
      config: {},
      variables: [{ type: 'INPUT', key: 'notes', default: 'none' }],
      tasks: ['Meetings'],
      industries: [],
      author_name: 'Grace H.',
      updated_at: p.updated_at,
    });
    expect(JSON.stringify(read.body)).not.toContain(author.email);

    const reader = await signUp();
    const fork = await call('POST', `/shared/${shared.body.token}/fork`, { token: reader.token });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({ title: 'Standup', body: 'Summarise [INPUT: notes=none]', slug: 'standup' });
    expect((await call('POST', `/shared/${shared.body.token}/fork`)).status).toBe(401);

    expect((await call('DELETE', `/prompts/${p.id}/share`, { token: author.token })).status).toBe(204);
    expect((await call('GET', `/shared/${shared.body.token}`)).status).toBe(404);
    expect((await call('POST', `/shared/${shared.body.token}/fork`, { token: reader.token })).status).toBe(404);
    expect((await call('DELETE', `/prompts/${p.id}/share`, { token: author.token })).status).toBe(404);
  });

  it('refuses to share a copy of a Pro or Elite library prompt (403), and shares a free one', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const ids = {
      pro: `share-pro-${randomUUID().slice(0, 8)}`,
      elite: `share-elite-${randomUUID().slice(0, 8)}`,
      free: `share-free-${randomUUID().slice(0, 8)}`,
    };
    await library.upsertEntries(
      [
        { id: ids.pro, title: 'Pro secret', body: 'Tiered body', category: null, tasks: [], industries: [], access_tier: 'pro' },
        { id: ids.elite, title: 'Elite secret', body: 'Elite body', category: null, tasks: [], industries: [], access_tier: 'elite' },
        { id: ids.free, title: 'Free one', body: 'Free body', category: null, tasks: [], industries: [], access_tier: 'free' },
      ],
      'curator@construct.test',
    );
    const proFork = (await call('POST', `/prompts/fork/${ids.pro}`, { token: user.token, json: {} })).body;
    const refused = await call('POST', `/prompts/${proFork.id}/share`, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('This prompt was copied from a Pro or Elite library prompt, so it cannot be shared publicly.');
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${proFork.id}` }))?.share_token).toBeUndefined();
    const eliteFork = (await call('POST', `/prompts/fork/${ids.elite}`, { token: user.token, json: {} })).body;
    const eliteRefused = await call('POST', `/prompts/${eliteFork.id}/share`, { token: user.token });
    expect(eliteRefused.status).toBe(403);
    expect(eliteRefused.body.detail).toBe(refused.body.detail);

    const freeFork = (await call('POST', `/prompts/fork/${ids.free}`, { token: user.token, json: {} })).body;
    expect((await call('POST', `/prompts/${freeFork.id}/share`, { token: user.token })).status).toBe(201);
  });

  it("answers 404 with detail for a token that names nothing and for another user's prompt", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const p = (await call('POST', '/prompts/', { token: owner.token, json: { title: 'Mine', body: 'mine' } })).body;
    for (const token of ['nope', 'a'.repeat(24), '%3Cscript%3E', 'x'.repeat(200)]) {
      const reply = await call('GET', `/shared/${token}`);
      expect(reply.status).toBe(404);
      expect(reply.body.detail).toEqual(expect.any(String));
    }
    const foreign = await call('POST', `/prompts/${p.id}/share`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toEqual(expect.any(String));
    expect((await call('DELETE', `/prompts/${p.id}/share`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/prompts/${randomUUID()}/share`, { token: owner.token })).status).toBe(404);
    expect((await getItem({ pk: `USER#${owner.id}`, sk: `PROMPT#${p.id}` }))?.share_token).toBeUndefined();
  });

  it('forks within the plan limit: a free plan at its limit gets 403 with detail, nothing copied', async () => {
    const author = await signUp();
    const p = (await call('POST', '/prompts/', { token: author.token, json: { title: 'Limit', body: 'limit body' } })).body;
    const token = (await call('POST', `/prompts/${p.id}/share`, { token: author.token })).body.token;
    const reader = await signUp();
    for (let i = 0; i < 4; i++) expect((await call('POST', '/prompts/', { token: reader.token, json: { title: `own ${i}`, body: 'b' } })).status).toBe(201);
    expect((await call('POST', `/shared/${token}/fork`, { token: reader.token })).status).toBe(201);
    const refused = await call('POST', `/shared/${token}/fork`, { token: reader.token });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expect.any(String));
    expect((await call('GET', '/prompts/', { token: reader.token })).body.prompts).toHaveLength(5);
  });

  it('lists the links in the account export', async () => {
    const user = await signUp();
    const p = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Exported', body: 'e' } })).body;
    const token = (await call('POST', `/prompts/${p.id}/share`, { token: user.token })).body.token;
    const doc = (await call('GET', '/account/export', { token: user.token })).body;
    expect(doc.shared_links).toEqual([{ prompt_id: p.id, title: 'Exported', token, path: `/s/${token}` }]);
  });

  it('goes with its prompt and with the account', async () => {
    const user = await signUp();
    const a = (await call('POST', '/prompts/', { token: user.token, json: { title: 'A', body: 'a' } })).body;
    const b = (await call('POST', '/prompts/', { token: user.token, json: { title: 'B', body: 'b' } })).body;
    const ta = (await call('POST', `/prompts/${a.id}/share`, { token: user.token })).body.token;
    const tb = (await call('POST', `/prompts/${b.id}/share`, { token: user.token })).body.token;
    await call('DELETE', `/prompts/${a.id}`, { token: user.token });
    expect(await getItem({ pk: `SHARE#${ta}`, sk: 'SHARE' })).toBeUndefined();
    expect((await call('DELETE', `/admin/users/${user.id}`, { token: await adminToken() })).status).toBe(204);
    expect(await getItem({ pk: `SHARE#${tb}`, sk: 'SHARE' })).toBeUndefined();
  });
});

describe('the share page /s/<token>', () => {
  const page = (token: string) => call('GET', `/s/${token}`, { base: inject('baseUrl') });

  it('is HTML from the server with the title and description escaped in <title> and Open Graph tags, then the SPA', async () => {
    const author = await signUp({ first_name: 'Ada', last_name: 'Lovelace' });
    const title = `<script>alert("x")</script> & 'quotes'`;
    const body = `Say "hi" to <b>[INPUT: name]</b> & keep $& as it is.\n\n</pre><script>alert(1)</script>`;
    const p = (await call('POST', '/prompts/', { token: author.token, json: { title, body } })).body;
    const { token } = (await call('POST', `/prompts/${p.id}/share`, { token: author.token })).body;

    const reply = await page(token);

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = reply.body as string;
    const escapedTitle = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';
    const escapedDescription =
      'Say &quot;hi&quot; to &lt;b&gt;[INPUT: name]&lt;/b&gt; &amp; keep $&amp; as it is. &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapedTitle} · Construct</title>`);
    expect(html).toContain(`<meta name="description" content="${escapedDescription}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escapedDescription}" />`);
    expect(html).toContain(`<meta property="og:url" content="${inject('baseUrl')}/s/${token}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    // Readable without JavaScript, then the SPA's own bundle takes over.
    expect(html).toContain(`<h1>${escapedTitle}</h1>`);
    expect(html).toContain('<p>Shared by Ada L.</p>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(author.email);
  });

  it('answers 404 with a not-found page for a token that names nothing or was revoked', async () => {
    const author = await signUp();
    const p = (await call('POST', '/prompts/', { token: author.token, json: { title: 'Gone soon', body: 'b' } })).body;
    const { token } = (await call('POST', `/prompts/${p.id}/share`, { token: author.token })).body;
    expect((await page(token)).status).toBe(200);
    await call('DELETE', `/prompts/${p.id}/share`, { token: author.token });

    for (const t of [token, 'nope', 'a'.repeat(24)]) {
      const reply = await page(t);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(reply.body).toContain('<h1>Shared prompt not found</h1>');
      expect(reply.body).toContain('<meta name="robots" content="noindex" />');
      expect(reply.body).not.toContain('Gone soon');
    }
  });

  it('answers HEAD like GET without the HTML: 200 while shared, 404 once revoked (link checkers and preview bots ask HEAD first)', async () => {
    const author = await signUp();
    const p = (await call('POST', '/prompts/', { token: author.token, json: { title: 'Checked by HEAD', body: 'b' } })).body;
    const { token } = (await call('POST', `/prompts/${p.id}/share`, { token: author.token })).body;
    const head = (t: string) => call('HEAD', `/s/${t}`, { base: inject('baseUrl') });

    const [got, asked] = [await page(token), await head(token)];

    expect(asked.status).toBe(200);
    expect(asked.body).toBeUndefined();
    for (const name of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options']) {
      expect(asked.headers.get(name), name).toBe(got.headers.get(name));
    }
    await call('DELETE', `/prompts/${p.id}/share`, { token: author.token });
    const gone = await head(token);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await head('nope')).status).toBe(404);
  });
});
