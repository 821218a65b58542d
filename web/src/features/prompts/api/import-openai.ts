import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OpenAiImportRequest, OpenAiImportResult } from '@shared/contract/openai-import';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** POST /prompts/import/openai: an OpenAI prompt made into a chat prompt with its versions; then the prompts reload. */
export function useImportOpenAi() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (json: OpenAiImportRequest) => apiRequest('/prompts/import/openai', { method: 'POST', json, schema: OpenAiImportResult, workspace }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
