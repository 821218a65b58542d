import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LabelsAnswer } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

const labelPath = (id: string, label: string) => `/prompts/${encodeURIComponent(id)}/labels/${encodeURIComponent(label)}`;

/** PUT /prompts/{id}/labels/{label}: pins (or moves) a label; the prompts and their histories reload. */
export function useSetLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label, version }: { id: string; label: string; version: number }) =>
      apiRequest(labelPath(id, label), { method: 'PUT', json: { version }, schema: LabelsAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}

/** DELETE /prompts/{id}/labels/{label}. */
export function useRemoveLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id: string; label: string }) => apiRequest(labelPath(id, label), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
