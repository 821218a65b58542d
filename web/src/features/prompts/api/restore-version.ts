import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/** POST /prompts/{id}/versions/{version}/restore: that version's content becomes a new version. */
export function restoreVersion(id: string, version: number) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/versions/${version}/restore`, { method: 'POST', schema: Prompt });
}

/** Restores, then reloads the prompts and their histories. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => restoreVersion(id, version),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promptsQueryKey }), queryClient.invalidateQueries({ queryKey: categoriesQueryKey })]),
  });
}
