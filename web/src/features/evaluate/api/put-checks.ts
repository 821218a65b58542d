import { type CheckInput, CheckList } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** PUT /prompts/{id}/checks: the whole list; a bad one is a 400 naming it, and nothing is saved. */
export function putChecks(id: string, checks: CheckInput[], workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/checks`, { method: 'PUT', json: { checks }, schema: CheckList, workspace });
}

export const usePutChecks = (id: string) => useSuiteMutation(id, (checks: CheckInput[], workspace) => putChecks(id, checks, workspace));
