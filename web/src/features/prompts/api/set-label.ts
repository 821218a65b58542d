import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LabelsAnswer } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

export interface LabelPin {
  id: string;
  label: string;
  version: number;
}

/** PUT /prompts/{id}/labels/{label}: pins (or moves) a label to a version. */
export function setLabel({ id, label, version }: LabelPin, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/labels/${encodeURIComponent(label)}`, {
    method: 'PUT',
    json: { version },
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
