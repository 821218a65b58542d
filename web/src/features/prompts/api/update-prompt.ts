import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { PromptReplace, PromptUpdate } from '@shared/contract/prompts';
import { useDialogs } from '@/components/ui/use-dialogs';
import { promptsQueryOptions } from '@/lib/api/get-prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { mutationKeys, queryKeys, type WorkspaceId } from '@/lib/query-keys';
import { ALERT } from '../utils/messages';

export type ReplacePromptInput = z.input<typeof PromptReplace>;

/** PUT /prompts/{id}: every field, or only `is_favorite`. Answers 204. */
export function updatePrompt(id: string, input: z.input<typeof PromptUpdate>, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}`, { method: 'PUT', json: input, workspace });
}

/** Saves an edited prompt, then reloads the prompts and the category counts. */
export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReplacePromptInput }) => updatePrompt(id, input, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}

/**
 * The favourite toggle, optimistic (docs/product.md, My Prompts): the cached list changes at once and the server
 * is told (the short PUT form); on failure that prompt's flag is put back, the product's alert is shown,
 * and in every case the list is reloaded from the server.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { alert } = useDialogs();
  const workspace = useCurrentWorkspaceId();
  const { queryKey } = promptsQueryOptions(workspace);
  return useMutation({
    mutationKey: mutationKeys.favorite,
    mutationFn: ({ id, is_favorite }: { id: string; is_favorite: boolean }) => updatePrompt(id, { is_favorite }, workspace),
    onMutate: async ({ id, is_favorite }) => {
      // A refetch in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey)?.prompts.find((p) => p.id === id)?.is_favorite;
      queryClient.setQueryData(queryKey, (list) => list && { ...list, prompts: list.prompts.map((p) => (p.id === id ? { ...p, is_favorite } : p)) });
      return { previous };
    },
    onError: (_error, { id }, context) => {
      // Roll back only this prompt, so other toggles in flight keep their optimistic state.
      if (context?.previous !== undefined) {
        const previous = context.previous;
        queryClient.setQueryData(
          queryKey,
          (list) => list && { ...list, prompts: list.prompts.map((p) => (p.id === id ? { ...p, is_favorite: previous } : p)) },
        );
      }
      void alert(ALERT.favorite);
    },
    onSettled: () => {
      // Reload once the last toggle has settled, so a reload cannot undo a toggle still on its way.
      if (queryClient.isMutating({ mutationKey: mutationKeys.favorite }) === 1) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) });
      }
    },
  });
}
