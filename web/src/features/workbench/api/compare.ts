import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CompareInput, CompareSession, Vote, type VoteInput } from '@shared/contract/compare';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** POST /prompts/{id}/compare: a session of 2–4 columns; blind, it names none of them. */
export function useStartCompare(id: string) {
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: CompareInput) =>
      apiRequest(`/prompts/${encodeURIComponent(id)}/compare`, { method: 'POST', json: input, schema: CompareSession, workspace }),
  });
}

/** POST /prompts/{id}/votes: the answer names every column of the session (the reveal); the ratings reload. */
export function useCastVote(id: string) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: VoteInput) => apiRequest(`/prompts/${encodeURIComponent(id)}/votes`, { method: 'POST', json: input, schema: Vote, workspace }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scores.all(workspace, id) }),
  });
}
