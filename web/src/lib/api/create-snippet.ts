import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Snippet, type SnippetInput } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /context/snippets: 201 with the snippet; 403 at max_snippets, 409 for a taken name. The Context Library and the workbench create them. */
export function createSnippet(input: SnippetInput, workspace: WorkspaceId) {
  return apiRequest('/context/snippets', { method: 'POST', json: input, schema: Snippet, workspace });
}

/** Creates a snippet in the current workspace, then refreshes its Context Library queries. */
export function useCreateSnippet() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: SnippetInput) => createSnippet(input, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.context.all(workspace) }),
  });
}
