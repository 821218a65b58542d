import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyList, CreatedApiKey } from '@shared/contract/api-keys';
import { apiRequest } from '@/lib/api-client';

const apiKeysKey = ['api-keys'] as const;

/** GET /api-keys: the user's keys (never the keys themselves). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => apiRequest('/api-keys', { schema: ApiKeyList, signal }) });
}

/** POST /api-keys: the answer holds the key, shown this once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest('/api-keys', { method: 'POST', json: { name }, schema: CreatedApiKey }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
