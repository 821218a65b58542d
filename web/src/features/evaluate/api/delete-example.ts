import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** DELETE /prompts/{id}/examples/{example_id}. */
export function deleteExample(id: string, exampleId: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/examples/${encodeURIComponent(exampleId)}`, { method: 'DELETE', workspace });
}

export const useDeleteExample = (id: string) => useSuiteMutation(id, (exampleId: string, workspace) => deleteExample(id, exampleId, workspace));
