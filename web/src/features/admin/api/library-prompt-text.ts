import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LibraryPromptEdit, LibraryPromptText } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKey, libraryQueryKey } from '@/lib/query-keys';

const textQueryKey = (id: string) => [...adminQueryKey, 'prompt-text', id] as const;

/** GET /admin/prompts/{id}: a library prompt's full text, for the edit dialog. */
export function useLibraryPromptText(id: string) {
  return useQuery({
    queryKey: textQueryKey(id),
    queryFn: ({ signal }) => apiRequest(`/admin/prompts/${encodeURIComponent(id)}`, { schema: LibraryPromptText, signal }),
    // The edit starts from what is stored now.
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /admin/prompts/{id}: saves the text and tier (204), then reloads the control center data and the library. */
export function useEditLibraryPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: LibraryPromptEdit }) =>
      apiRequest(`/admin/prompts/${encodeURIComponent(id)}`, { method: 'PUT', json: edit }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: libraryQueryKey })]),
  });
}
