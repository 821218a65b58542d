import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKeyInput, CreatedApiKey } from '@shared/contract/api-keys';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api-keys (with the password; the owner is emailed): the answer holds the key, shown this once. */
export function createApiKey(input: ApiKeyInput) {
  return apiRequest('/api-keys', { method: 'POST', json: input, schema: CreatedApiKey });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
