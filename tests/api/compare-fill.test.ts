import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { createConnection, useModelFakes } from '../support/model-fakes';
import { runEvents } from '../support/stream';

/**
 * A compare column is compiled as the run route compiles a saved version (issue 30): SNIPPET and
 * PROFILE values and the global directives fill it beside the INPUTs (the directives off when the
 * request says so, as the workbench's switch does), a chat prompt (saved or a draft) reaches the model as messages,
 * and a missing INPUT answers 400 naming it, starting nothing.
 */
type User = Awaited<ReturnType<typeof signUp>>;
const models = useModelFakes();
const KEY = 'sk-compare-fill-0123456789abcdef';
const unique = (word: string) => `${word}-${Math.random().toString(36).slice(2, 8)}`;

async function writer(): Promise<{ user: User; connection: string }> {
  const user = await signUp();
  await call('PUT', '/context/profile/company', { token: user.token, json: { value: 'Acme' } });
  await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'voice', snippet_content: 'Plain words.' } });
  await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: 'Sign off.' } });
  const connection = await createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: KEY, models: ['gpt-fake-mini'] });
  return { user, connection };
}

const compare = (user: User, id: string, json: unknown) => call('POST', `/prompts/${id}/compare`, { token: user.token, json });
/** Runs each column and gives what the OpenAI fake was sent for each, by column id. */
async function sentFor(user: User, id: string, session: { id: string; columns: { id: string }[] }) {
  const sent: Record<string, any> = {};
  for (const column of session.columns) {
    const before = models.openai.requests.length;
    const run = await runEvents({ prompt_id: id, compare: { id: session.id, column: column.id } }, { token: user.token });
    expect(run.status).toBe(200);
    sent[column.id] = models.openai.requests.slice(before).find((r) => r.body?.messages)?.body;
  }
  return sent;
}

describe('a compare column is compiled as Run compiles it', () => {
  it('fills snippets, profile values and the directives of a text prompt, and leaves the directives out on request', async () => {
    const { user, connection } = await writer();
    const topic = unique('tides');
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Filled', body: 'For [PROFILE: company]: [SNIPPET: voice] Explain [INPUT: topic].' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const on = { version: 1, connection_id: connection };

    const started = await compare(user, id, { columns: [on, { ...on, model: 'gpt-fake-large' }], variables: { topic }, blind: false });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const sent = await sentFor(user, id, started.body);
    const filled = `For Acme: Plain words. Explain ${topic}.`;
    for (const column of ['A', 'B']) {
      const text = sent[column].messages.map((m: { content: string }) => m.content).join('\n');
      expect(text).toContain(filled);
      expect(text).toMatch(/^Be brief\./);
      expect(text).toMatch(/Sign off\.$/);
      expect(text).not.toContain('[');
    }

    const bare = await compare(user, id, { columns: [on, { ...on, model: 'gpt-fake-large' }], variables: { topic }, directives: false, blind: false });
    expect(bare.status).toBe(201);
    const plain = await sentFor(user, id, bare.body);
    expect(plain.A.messages.at(-1)).toEqual({ role: 'user', content: filled });
  });

  it('sends a chat prompt as its messages, filled, with the prefix leading the system message', async () => {
    const { user, connection } = await writer();
    const city = unique('Bergen');
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: {
        title: 'Weather',
        kind: 'chat',
        messages: [
          { role: 'system', content: 'You write for [PROFILE: company]. [SNIPPET: voice]' },
          { role: 'user', content: 'Weather in [INPUT: city] for [INPUT: days=3] days?' },
        ],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const started = await compare(user, id, {
      columns: [
        { version: 1, connection_id: connection },
        { version: 1, connection_id: connection, model: 'gpt-fake-large' },
      ],
      variables: { city },
      blind: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const sent = await sentFor(user, id, started.body);
    for (const column of ['A', 'B'])
      expect(sent[column].messages).toEqual([
        { role: 'system', content: 'Be brief.\n\nYou write for Acme. Plain words.\n\nSign off.' },
        { role: 'user', content: `Weather in ${city} for 3 days?` },
      ]);
  });

  it("sends a chat draft column as its messages, filled as the saved version's are, with the draft's settings", async () => {
    const { user, connection } = await writer();
    const city = unique('Tromso');
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Trip', kind: 'chat', messages: [{ role: 'user', content: 'Visit [INPUT: city]?' }] },
    });
    expect(made.status).toBe(201);
    const draft = {
      kind: 'chat',
      messages: [
        { role: 'system', content: 'You advise [PROFILE: company]. [SNIPPET: voice]' },
        { role: 'placeholder', name: 'history' },
        { role: 'user', content: 'Should I visit [INPUT: city] in winter?' },
      ],
      config: { temperature: 0.3 },
    };
    const started = await compare(user, made.body.id, {
      columns: [
        { version: 1, connection_id: connection },
        { draft, connection_id: connection },
      ],
      variables: { city },
      blind: false,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.columns[1]).toMatchObject({ draft: true, version: null });
    const sent = await sentFor(user, made.body.id, started.body);
    expect(sent.A.messages).toEqual([
      { role: 'system', content: 'Be brief.\n\nSign off.' },
      { role: 'user', content: `Visit ${city}?` },
    ]);
    // Role by role, the placeholder left out (a compare has no conversation), not the draft's transcript as one text.
    expect(sent.B.messages).toEqual([
      { role: 'system', content: 'Be brief.\n\nYou advise Acme. Plain words.\n\nSign off.' },
      { role: 'user', content: `Should I visit ${city} in winter?` },
    ]);
    expect(sent.B.temperature).toBe(0.3);
  });

  it('answers a missing INPUT with 400 naming it, as Run does', async () => {
    const { user } = await writer();
    const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Needs input', body: 'Explain [INPUT: topic].' } });
    const refused = await compare(user, made.body.id, { columns: [{ version: 1 }, { draft: { body: 'Say [INPUT: topic].' } }], variables: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("Missing value for INPUT variable 'topic' (no default).");
  });
});
