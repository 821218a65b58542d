import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportPreview, ImportResult } from '@shared/contract/transfer';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/** POST /prompts/import with dry_run: what the file would add, skip and create; nothing is written. */
export function previewImport(document: unknown) {
  return apiRequest('/prompts/import', { method: 'POST', json: { document, dry_run: true }, schema: ImportPreview });
}

/** POST /prompts/import: creates the new prompts and categories (403 over the plan limit, nothing written). */
export function importPrompts(document: unknown) {
  return apiRequest('/prompts/import', { method: 'POST', json: { document, dry_run: false }, schema: ImportResult });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

/** Imports, then reloads the prompts and the categories (the mutation settles after the reload). */
export function useImportPrompts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPrompts,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promptsQueryKey }), queryClient.invalidateQueries({ queryKey: categoriesQueryKey })]),
  });
}
