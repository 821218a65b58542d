import { useQuery } from '@tanstack/react-query';
import { NoticeList } from '@shared/contract/reviews';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the header asks again while the page is shown (a hidden tab never asks; focus asks at once). */
const NOTICES_EVERY_MS = 60_000;

/** GET /notices: the open reviews waiting on the caller in any workspace (the header's badge). */
export function useNotices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.notices,
    queryFn: ({ signal }) => apiRequest('/notices', { schema: NoticeList, signal }).then((list) => list.notices),
    enabled,
    staleTime: 30_000,
    refetchInterval: NOTICES_EVERY_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
