import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LibraryPromptEdit } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /admin/prompts/{id}: saves a library prompt's text and tier (204). */
export async function editLibraryPrompt({ id, edit }: { id: string; edit: LibraryPromptEdit }): Promise<void> {
  await apiRequest(`/admin/prompts/${encodeURIComponent(id)}`, { method: 'PUT', json: edit });
}

/** Saves, then reloads the control center data and the library. */
export function useEditLibraryPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLibraryPrompt,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }), queryClient.invalidateQueries({ queryKey: queryKeys.library.all })]),
  });
}
