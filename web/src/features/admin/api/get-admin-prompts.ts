import { useInfiniteQuery } from '@tanstack/react-query';
import { type AdminPrompt, AdminPromptList } from '@shared/contract/admin';
import { queryKeys } from '@/lib/query-keys';
import { pagedListOptions } from './paged-list';

/** GET /admin/prompts: library prompts with category, owner (curator) and tier, a page at a time; `search` matches part of the title on the server. */
export const adminPromptsQueryOptions = (search = '') => pagedListOptions<AdminPrompt>(queryKeys.admin.prompts, '/admin/prompts', AdminPromptList, search);

export function useAdminPrompts(search = '') {
  return useInfiniteQuery(adminPromptsQueryOptions(search));
}
