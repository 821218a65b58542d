import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import type { FakeOpenAi } from '../support/fake-openai';
import { type OpenAiStack, startOpenAiStack } from '../support/openai-stack';
import { postRun, readChunks, run } from '../support/stream';

/**
 * The model path of POST /engine/run: the real openai SDK streams from a loopback fake of the
 * chat-completions API. This file runs its own local stack (its worker has OPENAI_* set; the
 * shared stack has no key).
 */
let openAi: OpenAiStack;
let fake: FakeOpenAi;
let base: string;

beforeAll(async () => {
  openAi = await startOpenAiStack();
  ({ fake, base } = openAi);
}, 60_000);

afterAll(() => openAi?.stop());

const newUser = () => openAi.newUserToken();

const requestsFor = (text: string) => fake.requests.filter((r) => r.body?.messages?.at(-1)?.content === text);

describe('POST /engine/run with OPENAI_API_KEY', () => {
  it("streams the model's answer as it comes, from a streamed completion of the filled prompt", async () => {
    // Prepare
    const token = await newUser();
    const text = 'Write a haiku about the sea, in a calm tone.';

    // Act
    const reply = await run({ text, prompt_id: 'p-123' }, { token, base });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(reply.headers.get('x-runs-remaining')).toBe('19');
    expect(reply.text).toBe(`Answer: ${text}`);
    expect(reply.chunks.length).toBeGreaterThan(1);
    const [request] = requestsFor(text);
    expect(request!.authorization).toBe('Bearer sk-test-not-a-real-key');
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true, messages: [{ role: 'user', content: text }] });
    expect(request!.ended).toBe('complete');
  });

  it('answers 502 when the model fails before any output, and the run does not count', async () => {
    const token = await newUser();

    const failed = await call('POST', '/engine/run', { base, token, json: { text: 'SCENARIO:500 please' } });

    expect(failed.status).toBe(502);
    expect(failed.body.detail).toBe('The AI service failed (500). Please try again.');
    expect((await run({ text: 'Hello there.' }, { token, base })).headers.get('x-runs-remaining')).toBe('19');
  });

  it('answers 502 when the model does not start answering in time', async () => {
    const token = await newUser();

    const failed = await call('POST', '/engine/run', { base, token, json: { text: 'SCENARIO:slow please' } });

    expect(failed.status).toBe(502);
    expect(failed.body.detail).toBe('The AI service did not answer in time. Please try again.');
  });

  it('ends the text with a note when the model fails half way', async () => {
    const token = await newUser();

    const reply = await run({ text: 'SCENARIO:break please' }, { token, base });

    expect(reply.status).toBe(200);
    expect(reply.text).toBe('The first words\n\n[The model stopped with an error: the connection to the AI service was lost. The answer above is incomplete.]');
  });

  it('stops asking the model when the client stops reading (Stop in the workbench)', async () => {
    // Prepare: an answer that never ends on its own.
    const token = await newUser();
    const text = `SCENARIO:endless ${Date.now()}`;
    const controller = new AbortController();
    const res = await postRun({ text }, { token, base, signal: controller.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^tick 1 /);

    // Act
    controller.abort();

    // Assess: the server closed its request to the model.
    await expect.poll(() => requestsFor(text)[0]?.ended, { timeout: 10_000 }).toBe('client-closed');
    // And it still answers the next run as usual.
    expect((await readChunks(await postRun({ text: 'Hello again.' }, { token, base }))).text).toBe('Answer: Hello again.');
  });
});
