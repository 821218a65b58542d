import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Feedback } from '@shared/contract/compare';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

export interface FeedbackValues {
  version: number;
  rating: 'up' | 'down';
  note?: string;
}

/** POST /prompts/{id}/feedback: thumbs on a Run answer of a version (its stats reload). */
export function useGiveFeedback(id: string) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: FeedbackValues) =>
      apiRequest(`/prompts/${encodeURIComponent(id)}/feedback`, { method: 'POST', json: input, schema: Feedback, workspace }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scores.all(workspace, id) }),
  });
}
