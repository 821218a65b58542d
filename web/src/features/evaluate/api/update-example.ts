import { Example, type ExampleReplace } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** PUT /prompts/{id}/examples/{example_id}: the whole example again. */
export function updateExample(id: string, { exampleId, input }: { exampleId: string; input: ExampleReplace }, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/examples/${encodeURIComponent(exampleId)}`, { method: 'PUT', json: input, schema: Example, workspace });
}

export const useUpdateExample = (id: string) =>
  useSuiteMutation(id, (vars: { exampleId: string; input: ExampleReplace }, workspace) => updateExample(id, vars, workspace));
