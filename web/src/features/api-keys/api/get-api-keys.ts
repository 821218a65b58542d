import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKeyList } from '@shared/contract/api-keys';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api-keys: the user's keys (never the keys themselves). */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api-keys', { schema: ApiKeyList, signal });
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: queryKeys.apiKeys, queryFn: ({ signal }) => getApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
