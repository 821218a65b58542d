import { useQuery } from '@tanstack/react-query';
import { promptsQueryOptions } from '@/lib/workspace-api';

/** GET /prompts/ lives in lib/workspace-api (the library marks what is already saved from the same list). */
export { getPrompts, promptsQueryOptions } from '@/lib/workspace-api';

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
