import type { LocalStack } from '../../infra/local/stack';
import { call, newAccount } from './api';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai';
import { startOwnStack } from './own-stack';

export interface OpenAiStack {
  fake: FakeOpenAi;
  stack: LocalStack;
  /** The API base URL of this stack. */
  base: string;
  /** Registers and signs in a new free user; returns the access token. */
  newUserToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A local stack of its own whose handlers talk to a loopback fake of the OpenAI API through the
 * real SDK. For files that test the model paths: the shared stack has no key, and handlers read
 * OPENAI_* from this worker's environment.
 */
export async function startOpenAiStack(): Promise<OpenAiStack> {
  const fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = 'sk-test-not-a-real-key';
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_MODEL = 'test-model';
  process.env.OPENAI_TIMEOUT_MS = '1000';
  const stack = await startOwnStack();
  const base = `${stack.url}/api/v1`;
  return {
    fake,
    stack,
    base,
    async newUserToken() {
      const account = newAccount();
      await call('POST', '/auth/register', { base, json: account });
      return (await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } })).body.access_token;
    },
    async stop() {
      await stack.stop();
      await fake.close();
    },
  };
}
