import { afterAll, beforeAll, expect } from 'vitest';
import { call, type signUp } from './api';
import { type FakeAnthropic, startFakeAnthropic } from './fake-anthropic';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai';

export interface ModelFakes {
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
}

/**
 * Loopback fakes of OpenAI's and Anthropic's HTTP APIs for the file that calls this at its top:
 * started before its tests, closed after. Read them as `models.openai` inside tests (they exist
 * once beforeAll has run).
 */
export function useModelFakes(): ModelFakes {
  const fakes = {} as ModelFakes;
  beforeAll(async () => {
    [fakes.openai, fakes.anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
  });
  afterAll(async () => {
    await Promise.all([fakes.openai?.close(), fakes.anthropic?.close()]);
  });
  return fakes;
}

/** Creates a connection (in a team with `workspace`) and answers its id; anything but 201 fails the test. */
export async function createConnection(user: Awaited<ReturnType<typeof signUp>>, json: Record<string, unknown>, workspace?: string): Promise<string> {
  const made = await call('POST', `/connections${workspace ? `?workspace=${workspace}` : ''}`, { token: user.token, json: { name: 'Run', ...json } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}
