import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api-keys/{id}: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
