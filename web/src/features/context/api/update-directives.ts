import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Directives } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { contextQueryKey, directivesQueryOptions } from '@/lib/context-api';

/** PUT /context/directives: saves both directives. */
export function updateDirectives(directives: Directives) {
  return apiRequest('/context/directives', { method: 'PUT', json: directives });
}

export function useUpdateDirectives() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDirectives,
    onSuccess: (_data, directives) => {
      queryClient.setQueryData(directivesQueryOptions().queryKey, directives);
      return queryClient.invalidateQueries({ queryKey: contextQueryKey });
    },
  });
}
