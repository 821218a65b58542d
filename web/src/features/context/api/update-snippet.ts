import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Snippet, type SnippetInput } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

export type SnippetUpdate = SnippetInput & { id: string };

/** PUT /context/snippets/{id}: replaces name and content. */
export function updateSnippet({ id, ...input }: SnippetUpdate, workspace: WorkspaceId) {
  return apiRequest(`/context/snippets/${encodeURIComponent(id)}`, { method: 'PUT', json: input, schema: Snippet, workspace });
}

/** Saves a snippet, then refreshes the workspace's Context Library queries. */
export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: SnippetUpdate) => updateSnippet(input, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.context.all(workspace) }),
  });
}
