import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportPreview, ImportResult } from '@shared/contract/transfer';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/import with dry_run: what the file would add, skip and create; nothing is written. */
export function previewImport(document: unknown, workspace: WorkspaceId) {
  return apiRequest('/prompts/import', { method: 'POST', json: { document, dry_run: true }, schema: ImportPreview, workspace });
}

/** POST /prompts/import: creates the new prompts and categories (403 over the plan limit, nothing written). */
export function importPrompts(document: unknown, workspace: WorkspaceId) {
  return apiRequest('/prompts/import', { method: 'POST', json: { document, dry_run: false }, schema: ImportResult, workspace });
}

export function usePreviewImport() {
  const workspace = useCurrentWorkspaceId();
  return useMutation({ mutationFn: (document: unknown) => previewImport(document, workspace) });
}

/** Imports, then reloads the prompts and the categories (the mutation settles after the reload). */
export function useImportPrompts() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (document: unknown) => importPrompts(document, workspace),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}
