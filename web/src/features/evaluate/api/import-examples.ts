import { type ExamplesImport, ExamplesImported } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** POST /prompts/{id}/examples/import: a CSV or JSONL file's text; all of it or nothing. */
export function importExamples(id: string, input: ExamplesImport, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/examples/import`, { method: 'POST', json: input, schema: ExamplesImported, workspace });
}

export const useImportExamples = (id: string) => useSuiteMutation(id, (input: ExamplesImport, workspace) => importExamples(id, input, workspace));
