import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionList } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

/** GET /prompts/{id}/versions: the current version first, then the older ones newest first. */
export function getVersions(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/versions`, { schema: VersionList, signal });
}

/** Under the prompts prefix, so every change to the prompts reloads the history too. */
export function versionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...promptsQueryKey, 'versions', id] as const,
    queryFn: ({ signal }) => getVersions(id, { signal }),
  });
}

export function useVersions(id: string) {
  return useQuery(versionsQueryOptions(id));
}
