import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Variable } from '@shared/variables';
import { createSnippet } from '@/lib/api/create-snippet';
import { putProfileValue } from '@/lib/api/put-profile-value';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';
import { workbenchContextQueryOptions } from './get-workbench-context';

export interface ContextValue {
  type: Extract<Variable['type'], 'SNIPPET' | 'PROFILE'>;
  key: string;
  value: string;
}

/**
 * Stores a value typed in the workbench: a SNIPPET variable becomes a snippet named after its key
 * (POST /context/snippets, in the workspace), a PROFILE variable a profile value (PUT
 * /context/profile/{key}, the caller's own). INPUT values are never stored.
 */
export async function saveContextValue({ type, key, value }: ContextValue, workspace: WorkspaceId): Promise<void> {
  if (type === 'SNIPPET') await createSnippet({ snippet_name: key, snippet_content: value }, workspace);
  else await putProfileValue({ key, value });
}

/** Saves, shows the value as defined at once, then refreshes the Context Library queries it changed. */
export function useSaveContextValue() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  const { queryKey } = workbenchContextQueryOptions(workspace);
  return useMutation({
    mutationFn: (input: ContextValue) => saveContextValue(input, workspace),
    onSuccess: async (_data, { type, key, value }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (context) => {
        if (!context) return context;
        if (type === 'PROFILE') return { ...context, profile: { ...context.profile, [key]: value } };
        return { ...context, snippets: [...context.snippets, { id: `pending-${key}`, snippet_name: key, snippet_content: value }] };
      });
      if (type === 'SNIPPET') void queryClient.invalidateQueries({ queryKey: queryKeys.context.all(workspace) });
      else for (const changed of [queryKeys.profile, queryKeys.context.workbench(workspace)]) void queryClient.invalidateQueries({ queryKey: changed });
    },
  });
}
