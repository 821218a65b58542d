import { LabelProtection, type LabelProtectionInput } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import type { WorkspaceId } from '@/lib/query-keys';
import { useSuiteMutation } from './use-suite-mutation';

/** PUT /prompts/{id}/labels/{label}/protection: the gate on a label (owners and editors). */
export function protectLabel(id: string, { label, ...input }: LabelProtectionInput & { label: string }, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/labels/${encodeURIComponent(label)}/protection`, {
    method: 'PUT',
    json: input,
    schema: LabelProtection,
    workspace,
  });
}

export const useProtectLabel = (id: string) =>
  useSuiteMutation(id, (vars: LabelProtectionInput & { label: string }, workspace) => protectLabel(id, vars, workspace), { prompts: true });
