import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Snippet, type SnippetInput } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { contextQueryKey } from './get-directives';

/** POST /context/snippets: 201 with the snippet; 403 at max_snippets, 409 for a taken name. */
export function createSnippet(input: SnippetInput) {
  return apiRequest('/context/snippets', { method: 'POST', json: input, schema: Snippet });
}

export function useCreateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSnippet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextQueryKey }),
  });
}
