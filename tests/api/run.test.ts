import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { setTier } from '../support/db';
import { postRun, readChunks, run } from '../support/stream';

/**
 * POST /engine/run on the shared stack, which has no OpenAI key: the local engine answers,
 * streamed in chunks. The model path (and Stop reaching the model) is in run-openai.test.ts.
 */
const TEXT = 'Write a haiku about the sea. Use a calm tone.\nMention [boat] once.';

describe('POST /engine/run (local engine)', () => {
  it('streams an honest, useful answer in several chunks, with the runs left today', async () => {
    // Prepare
    const user = await signUp();

    // Act
    const reply = await run({ text: TEXT }, { token: user.token });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-runs-remaining')).toBe('19');
    expect(reply.chunks.length).toBeGreaterThan(1);
    expect(reply.text).toBe(
      [
        "Local engine: no AI model is configured on this server, so Construct answered by itself instead of a model. Set OPENAI_API_KEY (or the stack's OpenAI secret) to get real answers.",
        '',
        'Task: Write a haiku about the sea.',
        '',
        'Details the prompt gives:',
        '- Use a calm tone.',
        '- Mention [boat] once.',
        '',
        'Still in brackets (fill these in if they are placeholders): [boat]',
        '',
        `Prompt size: 13 words, ${TEXT.length} characters.`,
      ].join('\n'),
    );
  });

  it('answers the same text the same way, and other text differently', async () => {
    const user = await signUp();

    const [first, second, other] = await Promise.all([
      run({ text: TEXT }, { token: user.token }),
      run({ text: TEXT }, { token: user.token }),
      run({ text: 'Summarise the attached report in three bullet points.' }, { token: user.token }),
    ]);

    expect(second.text).toBe(first.text);
    expect(other.text).toContain('Task: Summarise the attached report in three bullet points.');
    expect(other.text).not.toBe(first.text);
  });

  it.each([
    ['empty text', { text: '   ' }, 'Text is required.'],
    ['missing text', { prompt_id: 'p1' }, 'text is required.'],
    ['text over 20,000 characters', { text: 'x'.repeat(20_001) }, 'Text must be at most 20,000 characters.'],
    ['an unknown field', { text: 'hi', model: 'gpt-5' }, 'Unknown field: model.'],
  ])('rejects %s with 400 and a detail, taking no run', async (_, json, detail) => {
    const user = await signUp();

    const reply = await call('POST', '/engine/run', { token: user.token, json });

    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.body.detail).toBe(detail);
    expect((await run({ text: 'hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('19');
  });

  it('needs a token, and only answers POST', async () => {
    const anonymous = await call('POST', '/engine/run', { json: { text: 'hi' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe('Not authenticated.');

    const user = await signUp();
    expect((await call('GET', '/engine/run', { token: user.token })).status).toBe(405);
  });

  it('is described in the OpenAPI document as a plain-text or NDJSON answer with the runs-left header', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const post = doc.paths['/api/v1/engine/run'].post;

    expect(Object.keys(post.requestBody.content)).toEqual(['application/json']);
    // A text prompt's `text` or a chat prompt's `messages` (or a saved version's `variables`, compiled on the server), with the settings and the connection (or a compare session's column).
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual([
      'text',
      'messages',
      'variables',
      'directives',
      'config',
      'connection_id',
      'prompt_id',
      'version',
      'compare',
    ]);
    expect(Object.keys(post.responses['200'].content)).toEqual(['text/plain; charset=utf-8', 'application/x-ndjson; charset=utf-8']);
    expect(post.responses['200'].headers['x-runs-remaining'].description).toMatch(/unlimited/);
  });
});

describe('run quota', () => {
  it('gives the free tier 20 runs a day, even to 21 at once, then answers 429 with a detail', async () => {
    // Prepare
    const user = await signUp();

    // Act
    const replies = await Promise.all(Array.from({ length: 21 }, () => run({ text: TEXT }, { token: user.token })));
    const after = await call('POST', '/engine/run', { token: user.token, json: { text: TEXT } });

    // Assess
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    // Each success was told how many were left after it: 19 down to 0, once each.
    expect(ok.map((r) => Number(r.headers.get('x-runs-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const refused = replies.find((r) => r.status === 429)!;
    const detail = 'You have used your 20 runs for today on the Free plan. Upgrade your plan for more, or try again tomorrow.';
    expect(JSON.parse(refused.text)).toEqual({ detail });
    expect(after.status).toBe(429);
    expect(after.body.detail).toBe(detail);
  });

  it('counts pro runs against 500 and leaves elite unlimited', async () => {
    const pro = await signUp();
    const elite = await signUp();
    await setTier(pro.id, 'pro');
    await setTier(elite.id, 'elite');

    expect((await run({ text: TEXT }, { token: pro.token })).headers.get('x-runs-remaining')).toBe('499');
    const eliteRun = await run({ text: TEXT }, { token: elite.token });
    expect(eliteRun.status).toBe(200);
    expect(eliteRun.headers.get('x-runs-remaining')).toBe('unlimited');
  });

  it('counts a run the client stopped half way', async () => {
    const user = await signUp();
    const controller = new AbortController();

    const res = await postRun({ text: TEXT }, { token: user.token, signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();

    const next = await readChunks(await postRun({ text: TEXT }, { token: user.token }));
    expect(next.headers.get('x-runs-remaining')).toBe('18');
  });
});
