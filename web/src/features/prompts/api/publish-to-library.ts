import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { AdminPrompt, type PublishRequest } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PublishToLibraryInput = z.input<typeof PublishRequest>;

/**
 * POST /admin/prompts: copies one of the admin's own prompts into the library, in a library
 * category (null: uncategorized) at a tier. 404 when the prompt or the category is not found.
 */
export function publishToLibrary(input: PublishToLibraryInput) {
  return apiRequest('/admin/prompts', { method: 'POST', json: input, schema: AdminPrompt });
}

/** Publishes, then reloads whatever shows the library: the library pages and the control center. */
export function usePublishToLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishToLibrary,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.library.all }), queryClient.invalidateQueries({ queryKey: queryKeys.admin.all })]),
  });
}
