import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Variable } from '@shared/variables';
import { contextQueryKey, createSnippet, putProfileValue } from '@/lib/context-api';
import { workbenchContextQueryOptions } from './get-workbench-context';

export interface ContextValue {
  type: Extract<Variable['type'], 'SNIPPET' | 'PROFILE'>;
  key: string;
  value: string;
}

/**
 * Stores a value typed in the workbench: a SNIPPET variable becomes a snippet named after its key
 * (POST /context/snippets), a PROFILE variable a profile value (PUT /context/profile/{key}).
 * INPUT values are never stored.
 */
export async function saveContextValue({ type, key, value }: ContextValue): Promise<void> {
  if (type === 'SNIPPET') await createSnippet({ snippet_name: key, snippet_content: value });
  else await putProfileValue({ key, value });
}

/** Saves, shows the value as defined at once, then refreshes every Context Library query. */
export function useSaveContextValue() {
  const queryClient = useQueryClient();
  const { queryKey } = workbenchContextQueryOptions();
  return useMutation({
    mutationFn: saveContextValue,
    onSuccess: async (_data, { type, key, value }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (context) => {
        if (!context) return context;
        if (type === 'PROFILE') return { ...context, profile: { ...context.profile, [key]: value } };
        return { ...context, snippets: [...context.snippets, { id: `pending-${key}`, snippet_name: key, snippet_content: value }] };
      });
      void queryClient.invalidateQueries({ queryKey: contextQueryKey });
    },
  });
}
