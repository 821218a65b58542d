import { useMutation } from '@tanstack/react-query';
import { LibrarySuite, type LibrarySuiteInput } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';

/** PUT /admin/prompts/{id}/suite: the whole suite replaced (ids given are kept); answers the suite as stored. */
export function putLibrarySuite({ id, suite }: { id: string; suite: LibrarySuiteInput }) {
  return apiRequest(`/admin/prompts/${encodeURIComponent(id)}/suite`, { method: 'PUT', json: suite, schema: LibrarySuite });
}

export const usePutLibrarySuite = () => useMutation({ mutationFn: putLibrarySuite });
