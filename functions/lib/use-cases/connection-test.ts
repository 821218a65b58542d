import { type ConnectionTest, TESTED_MODELS_MAX } from '@shared/contract/connections';
import type { WorkspaceRef } from '../data/workspace';
import { anthropicClient, anthropicModels } from '../services/engine/anthropic';
import { failurePhrase } from '../services/engine/failures';
import { connectionClient, openAiModels } from '../services/engine/openai';
import { openConnection } from './connections';

/** How long a test may wait for the provider. */
const TEST_TIMEOUT_MS = 15_000;

/** POST /connections/{id}/test: the provider's model list, asked with the connection's key. */
export async function testConnection(workspace: Pick<WorkspaceRef, 'pk'>, id: string): Promise<ConnectionTest> {
  const connection = await openConnection(workspace, id);
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    const models =
      connection.provider === 'anthropic'
        ? await anthropicModels(await anthropicClient(connection.api_key, connection.base_url, TEST_TIMEOUT_MS), signal, TESTED_MODELS_MAX)
        : await openAiModels(await connectionClient(connection.api_key, connection.base_url, TEST_TIMEOUT_MS), signal, TESTED_MODELS_MAX);
    return { ok: true, models };
  } catch (error) {
    const phrase = signal.aborted ? 'did not answer in time' : failurePhrase(error, connection.api_key);
    return { ok: false, detail: `The provider ${phrase}.` };
  }
}
