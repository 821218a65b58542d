import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Snippet, type SnippetInput } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { contextQueryKey } from '@/lib/context-api';

/** PUT /context/snippets/{id}: replaces name and content. */
export function updateSnippet({ id, ...input }: SnippetInput & { id: string }) {
  return apiRequest(`/context/snippets/${encodeURIComponent(id)}`, { method: 'PUT', json: input, schema: Snippet });
}

export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSnippet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextQueryKey }),
  });
}
