import { WORKERS } from '@shared/workers';
import type { WorkspacePk } from '../lib/data/keys';
import { worker } from '../lib/services/queue';
import { runEvaluation } from '../lib/use-cases/evaluation-run';
import { CONSTRUCT, endEvaluation } from '../lib/use-cases/evaluations';
import { flushUsage } from '../lib/use-cases/usage';

const def = WORKERS.find((w) => w.name === 'evaluation')!;
/** Time kept back from the function's time-out to hand the rest on. */
const MARGIN_MS = 90_000;

/**
 * The evaluation worker (use-cases/evaluation-run.ts): fills what is left of one evaluation. A
 * failure is retried by the queue; on the last delivery the evaluation is marked failed.
 */
export const handler = worker('evaluation', async (body, message) => {
  const workspace = body.workspace as WorkspacePk;
  try {
    await runEvaluation(workspace, body.prompt_id, body.evaluation_id, { until: Date.now() + def.timeoutSeconds * 1000 - MARGIN_MS });
  } catch (error) {
    if (message.receiveCount >= def.maxReceiveCount)
      await endEvaluation(
        workspace,
        { prompt_id: body.prompt_id, id: body.evaluation_id },
        'failed',
        ['queued', 'running'],
        'The evaluation failed. Please try again.',
        CONSTRUCT,
      ).catch(() => undefined);
    throw error;
  } finally {
    // The cells' usage counts go out before the function may freeze.
    await flushUsage();
  }
});
