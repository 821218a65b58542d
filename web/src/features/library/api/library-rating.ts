import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LibraryRating, LibraryRatingState } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /library/prompts/{id}/rating: the user's rating, the current version's average and count, and whether they may rate. */
export function useLibraryRating(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.library.rating(id),
    queryFn: ({ signal }) => apiRequest(`/library/prompts/${encodeURIComponent(id)}/rating`, { schema: LibraryRatingState, signal }),
    enabled,
  });
}

/**
 * PUT /library/prompts/{id}/rating {stars}: 403 (with its detail) before the user ran the prompt.
 * One after another (`scope`), so the last star chosen is the one kept when arrow keys save several.
 */
export function useRateLibraryPrompt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `library-rating:${id}` },
    mutationFn: (stars: number) => apiRequest(`/library/prompts/${encodeURIComponent(id)}/rating`, { method: 'PUT', json: { stars }, schema: LibraryRating }),
    onSuccess: (rated) => queryClient.setQueryData<LibraryRatingState>(queryKeys.library.rating(id), { ...rated, older_version: false, can_rate: true }),
  });
}
