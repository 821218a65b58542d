import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Review, type ReviewInput, ReviewList } from '@shared/contract/reviews';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

const reviewsPath = (promptId: string) => `/prompts/${encodeURIComponent(promptId)}/reviews`;

/** GET /prompts/{id}/reviews: the last 20, newest first; open ones carry their diff. */
export function useReviews(promptId: string) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.reviews(workspace, promptId),
    queryFn: ({ signal }) => apiRequest(reviewsPath(promptId), { schema: ReviewList, workspace, signal }).then((list) => list.reviews),
  });
}

export type ReviewAction = 'approve' | 'request-changes' | 'merge' | 'close';

/** GET /reviews/{review_id}: a review by its id alone, wherever it is (a shared team's reviewer of another person's prompt). */
export function useReviewById(reviewId: string) {
  return useQuery({
    queryKey: queryKeys.review(reviewId),
    queryFn: ({ signal }) => apiRequest(`/reviews/${encodeURIComponent(reviewId)}`, { schema: Review, signal }),
    retry: false,
  });
}

/** After any step: the reviews, the prompt's labels (a merge moves one) and the feeds reload. */
function useAfterReview(promptId: string, workspace: WorkspaceId) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews(workspace, promptId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.workspace(workspace), 'activity'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notices }),
      queryClient.invalidateQueries({ queryKey: ['review'] }),
    ]);
}

/** POST /prompts/{id}/reviews: asks for a review of a version for a label (asking again moves the open one). */
export function useCreateReview(promptId: string) {
  const workspace = useCurrentWorkspaceId();
  const after = useAfterReview(promptId, workspace);
  return useMutation({
    mutationFn: (input: ReviewInput) => apiRequest(reviewsPath(promptId), { method: 'POST', json: input, schema: Review, workspace }),
    onSuccess: after,
  });
}

/**
 * POST …/reviews/{review_id}/approve | request-changes {note} | merge | close; `byId`: the review
 * was reached by its id (POST /reviews/{review_id}/approve | request-changes, no workspace).
 */
export function useReviewAction(promptId: string, byId = false) {
  const workspace = useCurrentWorkspaceId();
  const after = useAfterReview(promptId, workspace);
  return useMutation({
    mutationFn: ({ reviewId, action, note }: { reviewId: string; action: ReviewAction; note?: string }) =>
      apiRequest(`${byId ? '/reviews' : reviewsPath(promptId)}/${encodeURIComponent(reviewId)}/${action}`, {
        method: 'POST',
        json: action === 'request-changes' ? { note } : undefined,
        schema: Review,
        workspace,
      }),
    onSuccess: after,
  });
}
