import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedApiKey } from '@shared/contract/api-keys';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api-keys: the answer holds the key, shown this once. */
export function createApiKey(name: string) {
  return apiRequest('/api-keys', { method: 'POST', json: { name }, schema: CreatedApiKey });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
