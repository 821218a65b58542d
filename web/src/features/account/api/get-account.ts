import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { accountContract } from './contract';

/** GET /account: the account with its plan usage. */
export async function getAccount({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/account', { signal, schema: (await accountContract()).Account });
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => getAccount({ signal }),
    staleTime: 30_000,
  });
}

export const useAccount = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...accountQueryOptions(), enabled });
