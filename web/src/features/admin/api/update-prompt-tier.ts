import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrompt } from '@shared/contract/admin';
import type { Tier } from '@shared/tiers';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { updateRows } from './paged-list';

export interface PromptTierChange {
  id: string;
  access_tier: Tier;
}

/** PATCH /admin/prompts/{id}/tier: 204. */
export async function updatePromptTier({ id, access_tier }: PromptTierChange): Promise<void> {
  await apiRequest(`/admin/prompts/${encodeURIComponent(id)}/tier`, { method: 'PATCH', json: { access_tier } });
}

/** Saves the tier, writes it into the list at once, then reloads the control center data (docs/product.md). */
export function useUpdatePromptTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.admin.promptTier,
    mutationFn: updatePromptTier,
    onSuccess: (_data, change) => {
      updateRows<AdminPrompt>(queryClient, queryKeys.admin.prompts, (list) =>
        list.map((p) => (p.id === change.id ? { ...p, access_tier: change.access_tier } : p)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
