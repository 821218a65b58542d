import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snippet } from '@shared/contract/context';
import { snippetsQueryOptions } from '@/lib/api/get-snippets';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** DELETE /context/snippets/{id}: 204, no body. */
export async function deleteSnippet(id: string, workspace: WorkspaceId): Promise<void> {
  await apiRequest(`/context/snippets/${encodeURIComponent(id)}`, { method: 'DELETE', workspace });
}

/** Removes the snippet from the list at once, restores it if the server refuses, then refetches. */
export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  const { queryKey } = snippetsQueryOptions(workspace);
  return useMutation({
    mutationFn: (id: string) => deleteSnippet(id, workspace),
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Snippet[]>(queryKey);
      queryClient.setQueryData<Snippet[]>(queryKey, (list) => list?.filter((s) => s.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.context.all(workspace) }),
  });
}
