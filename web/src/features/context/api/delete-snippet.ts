import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snippet } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { contextQueryKey, snippetsQueryOptions } from '@/lib/context-api';

/** DELETE /context/snippets/{id}: 204, no body. */
export async function deleteSnippet(id: string): Promise<void> {
  await apiRequest(`/context/snippets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes the snippet from the list at once, restores it if the server refuses, then refetches. */
export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  const { queryKey } = snippetsQueryOptions();
  return useMutation({
    mutationFn: deleteSnippet,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Snippet[]>(queryKey);
      queryClient.setQueryData<Snippet[]>(queryKey, (list) => list?.filter((s) => s.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contextQueryKey }),
  });
}
