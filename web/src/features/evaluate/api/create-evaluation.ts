import { EvaluationCreated, type EvaluationInput } from '@shared/contract/evaluations';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** POST /prompts/{id}/evaluations: queued (202); the worker fills its cells in the background. */
export function createEvaluation(id: string, input: EvaluationInput, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/evaluations`, { method: 'POST', json: input, schema: EvaluationCreated, workspace });
}

export const useCreateEvaluation = (id: string) => useSuiteMutation(id, (input: EvaluationInput, workspace) => createEvaluation(id, input, workspace));
