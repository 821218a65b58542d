import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { AdminPrompt, type PublishRequest } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';

export type PublishToLibraryInput = z.input<typeof PublishRequest>;

/**
 * POST /admin/prompts: copies one of the admin's own prompts into the library, in a library
 * category (null: uncategorized) at a tier. 404 when the prompt or the category is not found.
 */
export function publishToLibrary(input: PublishToLibraryInput) {
  return apiRequest('/admin/prompts', { method: 'POST', json: input, schema: AdminPrompt });
}

/** Library and control-center queries (by key prefix: features do not import each other). */
const libraryQueryKey = ['library'] as const;
const adminQueryKey = ['admin'] as const;

/** Publishes, then reloads whatever shows the library: the library pages and the control center. */
export function usePublishToLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishToLibrary,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: libraryQueryKey }), queryClient.invalidateQueries({ queryKey: adminQueryKey })]),
  });
}
