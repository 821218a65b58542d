import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LabelsAnswer } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

export interface LabelPin {
  id: string;
  label: string;
  version: number;
  /** An owner moves a protected label past a failing gate (the label's history records it). */
  force?: boolean;
}

/** PUT /prompts/{id}/labels/{label}: pins (or moves) a label to a version. */
export function setLabel({ id, label, version, force }: LabelPin, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/labels/${encodeURIComponent(label)}`, {
    method: 'PUT',
    json: force ? { version, force } : { version },
    schema: LabelsAnswer,
    workspace,
  });
}

/** Pins a label; the prompts and their histories reload. */
export function useSetLabel() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (pin: LabelPin) => setLabel(pin, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
