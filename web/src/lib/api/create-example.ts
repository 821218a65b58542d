import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Example, type ExampleInput } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/{id}/examples: one example (the Evaluate page's form, or Keep as example under a Run answer). */
export function createExample(id: string, input: ExampleInput, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/examples`, { method: 'POST', json: input, schema: Example, workspace });
}

/** Adds an example; the prompt's suite reloads (its evaluations become stale). */
export function useCreateExample(id: string) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: ExampleInput) => createExample(id, input, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suite.all(workspace, id) }),
  });
}
