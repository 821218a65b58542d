import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

const base = (id: string) => `/prompts/${encodeURIComponent(id)}/library-update`;

/** POST .../library-update/pull: the original's content becomes the fork's new version. */
export function pullLibraryUpdate(id: string) {
  return apiRequest(`${base(id)}/pull`, { method: 'POST', schema: Prompt });
}

/** POST .../library-update/dismiss: the change is marked as seen; answers 204. */
export function dismissLibraryUpdate(id: string) {
  return apiRequest(`${base(id)}/dismiss`, { method: 'POST' });
}

/** Pulls or dismisses a library update, then reloads the prompts (the card's flag, the history). */
export function useResolveLibraryUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pull' | 'dismiss' }) => (action === 'pull' ? pullLibraryUpdate(id) : dismissLibraryUpdate(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
