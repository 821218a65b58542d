import { describe, expect, it } from 'vitest';
import { codeSnippet, openAiMessages, PROMPT_ID, supportInstructions, weatherPrompt } from '../fixtures/openai-prompts';
import { call, signUp } from '../support/api';
import { userItem } from '../support/db';

/**
 * POST /prompts/import/openai: an OpenAI prompt object becomes a chat prompt with its versions and
 * the production label, the registry then compiles what OpenAI would have built, and a paste that
 * cannot be read or does not fit the plan writes nothing.
 */
const { db, TABLE } = await import('../../functions/lib/data/db');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');

type User = Awaited<ReturnType<typeof signUp>>;

async function partition(user: User) {
  const items =
    (await db.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${user.id}` } })))
      .Items ?? [];
  // Activity items are written after earlier answers (fire-and-forget), so they may land while this test reads.
  const own = items.filter((item) => item.type !== 'activity');
  return { items: own.sort((a, b) => String(a.sk).localeCompare(String(b.sk))), user: await userItem(user.id) };
}

const importOpenAi = (user: User, json: Record<string, unknown>) => call('POST', '/prompts/import/openai', { token: user.token, json });
const compile = (user: User, slug: string, json: Record<string, unknown>) =>
  call('POST', `/registry/prompts/${encodeURIComponent(slug)}/compile`, { token: user.token, json });

describe('POST /prompts/import/openai', () => {
  it('makes a chat prompt with every version, the default one labelled production, and compiles what OpenAI would have sent', async () => {
    const user = await signUp();
    const reply = await importOpenAi(user, { paste: JSON.stringify(weatherPrompt, null, 2) });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      prompt: { title: 'Weather reporter', slug: 'weather-reporter' },
      openai_id: PROMPT_ID,
      versions: [
        { openai: '1', version: 1 },
        { openai: '2', version: 2 },
        { openai: '3', version: 3 },
      ],
      labels: { production: 2 },
      variables: [{ name: 'city', default: 'San Francisco' }, { name: 'unit' }],
    });
    const id = reply.body.prompt.id as string;

    const prompt = (await call('GET', '/prompts/', { token: user.token })).body.prompts.find((p: { id: string }) => p.id === id);
    expect(prompt).toMatchObject({ kind: 'chat', version: 3, labels: { production: 2 }, config: { model: 'o4-mini' } });
    const versions = (await call('GET', `/prompts/${id}/versions`, { token: user.token })).body.versions as {
      version: number;
      config: unknown;
      kind: string;
    }[];
    expect(versions.map((v) => [v.version, v.kind])).toEqual([
      [3, 'chat'],
      [2, 'chat'],
      [1, 'chat'],
    ]);
    expect(versions[1]!.config).toMatchObject({
      model: 'gpt-4.1',
      max_tokens: 500,
      tool_choice: 'auto',
      response_format: { type: 'json_schema', name: 'weather' },
    });

    // The registry's compile at production and at each version builds OpenAI's messages for the same variables.
    const variables = { city: 'Lisbon', unit: 'celsius' };
    const production = await compile(user, 'weather-reporter', { variables, label: 'production' });
    expect(production.status).toBe(200);
    expect(production.body.messages).toEqual(openAiMessages(weatherPrompt.versions[1]!, variables));
    expect(production.body.config.tools[0].name).toBe('get_weather');
    for (const [i, version] of weatherPrompt.versions.entries()) {
      const compiled = await compile(user, 'weather-reporter', { variables, version: i + 1 });
      expect(compiled.body.messages).toEqual(openAiMessages(version, variables));
    }
    // An example value is the default when the caller gives none, as OpenAI's dashboard showed it.
    const defaulted = await compile(user, 'weather-reporter', { variables: {}, version: 1 });
    expect(defaulted.body.messages).toEqual([{ role: 'system', content: 'You report the weather in San Francisco.' }]);

    // The import is told in the feed as a save and a label move are (issue 28: it recorded nothing).
    let events: { type: string; version?: number; label?: string }[] = [];
    for (let tries = 0; tries < 100 && events.length < 2; tries++) {
      events = (await call('GET', `/prompts/${id}/activity`, { token: user.token })).body.events;
      if (events.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(events.map(({ type, version, label }) => ({ type, version, label })).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'prompt.label.moved', version: 2, label: 'production' },
      { type: 'prompt.version.created', version: 3, label: undefined },
    ]);
  });

  it('takes the code snippet with the instructions as one version, numbered as the snippet pinned it', async () => {
    const user = await signUp();
    const reply = await importOpenAi(user, { paste: codeSnippet, instructions: 'Weather for {{city}} in {{unit}}.', title: 'Weather (snippet)' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ versions: [{ openai: '2', version: 1 }], labels: { production: 1 }, openai_id: PROMPT_ID });
    const compiled = await compile(user, reply.body.prompt.slug, { label: 'production' });
    expect(compiled.body.messages).toEqual([{ role: 'system', content: 'Weather for Paris in celsius.' }]);
  });

  it('refuses pastes it cannot read, the same prompt twice, and prompts past the plan, writing nothing', async () => {
    const user = await signUp();
    const before = await partition(user);
    for (const [json, detail] of [
      [{ paste: codeSnippet }, "paste the prompt's instructions too"],
      [{ paste: '{"versions": [' }, 'cannot be read'],
      [{ paste: JSON.stringify({ input: [{ role: 'tool', content: 'x' }] }) }, 'role must be'],
      [{ paste: JSON.stringify({ ...weatherPrompt, default_version: '9' }) }, 'default version 9'],
      [{ paste: '   ' }, 'paste is required'],
      [{ paste: 'x', extra: 1 }, 'extra'],
    ] as const) {
      const reply = await importOpenAi(user, json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.detail).toContain(detail);
    }
    expect(await partition(user)).toEqual(before);

    const first = await importOpenAi(user, { paste: supportInstructions, title: 'Support' });
    expect(first.status).toBe(201);
    const afterFirst = await partition(user);
    const again = await importOpenAi(user, { paste: supportInstructions, title: 'Support' });
    expect(again.status).toBe(409);
    expect(await partition(user)).toEqual(afterFirst);

    // Free: 5 prompts. Four more fill the plan; the import is then refused with nothing written.
    for (let i = 0; i < 4; i++) expect((await call('POST', '/prompts/', { token: user.token, json: { title: `Filler ${i}`, body: 'b' } })).status).toBe(201);
    const full = await partition(user);
    const refused = await importOpenAi(user, { paste: JSON.stringify(weatherPrompt) });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('limit of 5 prompts');
    expect(await partition(user)).toEqual(full);
  });
});
