import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import type { FakeOpenAi } from '../support/fake-openai';
import { type OpenAiStack, startOpenAiStack } from '../support/openai-stack';

/**
 * The OpenAI path of the enhancer, through the real SDK against a loopback fake. This file runs
 * its own local stack (its worker process has OPENAI_* set; the shared stack has no key).
 */
let openAi: OpenAiStack;
let fake: FakeOpenAi;
let base: string;
let token: string;

beforeAll(async () => {
  openAi = await startOpenAiStack();
  ({ fake, base } = openAi);
  token = await openAi.newUserToken();
}, 60_000);

afterAll(() => openAi?.stop());

const enhance = (prompt_body: string) => call('POST', '/engine/enhance', { base, token, json: { prompt_body, enhancement_type: 'clarify' } });

describe('POST /engine/enhance with OPENAI_API_KEY', () => {
  it('asks the configured model and returns its rewrite', async () => {
    const reply = await enhance('Draft a reply to [INPUT: email] as [PROFILE: name]');

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ enhanced_body: '## Task\nImproved: Draft a reply to [INPUT: email] as [PROFILE: name]', engine: 'model' });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test-not-a-real-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages[0].content).toMatch(/copy every one of them/);
  });

  it('fails with 502 when the model drops a variable marker', async () => {
    const reply = await enhance('SCENARIO:drop-markers about [INPUT: topic] for [SNIPPET: bio]');

    expect(reply.status).toBe(502);
    expect(reply.body.detail).toBe('The enhanced prompt lost its variables ([INPUT: topic], [SNIPPET: bio]). Please try again.');
  });

  it("fails with 502 when the model drops a marker's default or choices", async () => {
    const reply = await enhance('SCENARIO:drop-defaults in a [INPUT: tone=friendly|formal] tone to [INPUT: name=Alex] about [INPUT: topic]');

    expect(reply.status).toBe(502);
    expect(reply.body.detail).toBe('The enhanced prompt lost its variables ([INPUT: tone=friendly|formal], [INPUT: name=Alex]). Please try again.');
  });

  it('accepts a rewrite that keeps typed markers, whatever their spacing', async () => {
    const reply = await enhance('Write in a [input : tone = friendly | formal] tone to [INPUT: name=Alex]');

    expect(reply.status).toBe(200);
    expect(reply.body.enhanced_body).toContain('[input : tone = friendly | formal]');
    expect(fake.requests.at(-1)!.body.messages[0].content).toMatch(/including anything after "="/);
  });

  it('turns an upstream 500 into a 502 with a detail', async () => {
    const reply = await enhance('SCENARIO:500');

    expect(reply.status).toBe(502);
    expect(reply.body.detail).toBe('The AI service failed (500). Please try again.');
  });

  it('turns an upstream time-out into a 502 with a detail', async () => {
    const reply = await enhance('SCENARIO:slow');

    expect(reply.status).toBe(502);
    expect(reply.body.detail).toBe('The AI service did not answer in time. Please try again.');
  });
});
