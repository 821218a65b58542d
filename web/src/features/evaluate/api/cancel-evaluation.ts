import { Evaluation } from '@shared/contract/evaluations';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** DELETE /prompts/{id}/evaluations/{evaluation_id}: cancels a queued or running evaluation (its cells so far stay). */
export function cancelEvaluation(id: string, evaluationId: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/evaluations/${encodeURIComponent(evaluationId)}`, { method: 'DELETE', schema: Evaluation, workspace });
}

export const useCancelEvaluation = (id: string) => useSuiteMutation(id, (evaluationId: string, workspace) => cancelEvaluation(id, evaluationId, workspace));
