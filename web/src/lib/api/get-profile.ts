import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileValues } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /context/profile: the caller's PROFILE values, by key (their own in every workspace). */
export async function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiRequest('/context/profile', { schema: ProfileValues, signal })).values;
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
