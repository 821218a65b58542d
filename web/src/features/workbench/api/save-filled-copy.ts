import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt, TITLE_MAX } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

const FORK_SUFFIX = ' (filled)';
/** The title suffix of a copy saved as a template. */
export const TEMPLATE_SUFFIX = ' (template)';

/** The title of a filled copy: the original title + ' (filled)', kept within the title limit. */
export function forkTitle(title: string, suffix = FORK_SUFFIX): string {
  return `${title
    .trim()
    .slice(0, TITLE_MAX - suffix.length)
    .trimEnd()}${suffix}`;
}

/** POST /prompts/ (the workbench's Fork and Save as template): saves the filled prompt as a new, uncategorised prompt (403 at the plan limit). */
export function saveFilledCopy({ title, body }: { title: string; body: string }, workspace: WorkspaceId) {
  return apiRequest('/prompts/', {
    method: 'POST',
    json: { title, body, category_id: null, is_favorite: false, tasks: [], industries: [] },
    schema: Prompt,
    workspace,
  });
}

export function useSaveFilledCopy() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (copy: { title: string; body: string }) => saveFilledCopy(copy, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
