import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';

describe('POST /engine/enhance (built-in clarify engine)', () => {
  it('restructures the prompt, keeps every marker and stores nothing', async () => {
    const user = await signUp();
    const body = 'write a list of blog ideas about [INPUT: topic] for [PROFILE:company] pls, use [SNIPPET: Brand Voice] etc';

    const reply = await call('POST', '/engine/enhance', { token: user.token, json: { prompt_body: body, enhancement_type: 'clarify' } });

    expect(reply.status).toBe(200);
    // No model is configured here: the answer says the built-in engine wrote it.
    expect(reply.body.engine).toBe('builtin');
    const enhanced: string = reply.body.enhanced_body;
    expect(enhanced).toContain('## Task');
    expect(enhanced).toContain('Write a list of blog ideas about [INPUT: topic] for [PROFILE:company] please');
    expect(enhanced).toContain('[SNIPPET: Brand Voice]');
    expect(enhanced).toMatch(/## Output format\nA numbered list/);
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toEqual([]);
  });

  it('keeps typed markers byte for byte and leaves other brackets alone', async () => {
    const user = await signUp();
    const body = 'pls draft a reply in a [INPUT: tone=friendly|formal|playful] tone, signed [PROFILE:  name =  Alex ], cite [1] not [draft]';

    const reply = await call('POST', '/engine/enhance', { token: user.token, json: { prompt_body: body, enhancement_type: 'clarify' } });

    expect(reply.status).toBe(200);
    expect(reply.body.enhanced_body).toContain(
      'Please draft a reply in a [INPUT: tone=friendly|formal|playful] tone, signed [PROFILE:  name =  Alex ], cite [1] not [draft]\n',
    );
  });

  it('does not nest sections when enhancing an enhanced prompt', async () => {
    const user = await signUp();
    const once = (await call('POST', '/engine/enhance', { token: user.token, json: { prompt_body: 'explain [INPUT: concept]', enhancement_type: 'clarify' } }))
      .body.enhanced_body;

    const twice = (await call('POST', '/engine/enhance', { token: user.token, json: { prompt_body: once, enhancement_type: 'clarify' } })).body.enhanced_body;

    expect(twice).toBe(once);
  });

  it.each([
    ['an unknown enhancement type', { prompt_body: 'x', enhancement_type: 'shorten' }, "enhancement_type must be 'clarify'."],
    ['an empty body', { prompt_body: '  ', enhancement_type: 'clarify' }, 'Body is required.'],
    ['a missing type', { prompt_body: 'x' }, 'enhancement_type is required.'],
  ])('rejects %s with 400', async (_, json, detail) => {
    const user = await signUp();
    const reply = await call('POST', '/engine/enhance', { token: user.token, json });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/engine/enhance', { json: { prompt_body: 'x', enhancement_type: 'clarify' } })).status).toBe(401);
  });
});

describe('enhancement quota', () => {
  it("answers 429 with a detail past the free tier's 20 a day", async () => {
    const user = await signUp();
    const json = { prompt_body: 'summarise [INPUT: text]', enhancement_type: 'clarify' };
    const replies = await Promise.all(Array.from({ length: 22 }, () => call('POST', '/engine/enhance', { token: user.token, json })));

    expect(replies.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body.detail).toBe('You have used your 20 AI enhancements for today. Upgrade your plan for more, or try again tomorrow.');
  });
});
