import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatedWebhook, DeliveryList, DeliveryQueued, Webhook, type WebhookInput, WebhookList, type WebhookUpdate } from '@shared/contract/webhooks';
import { NEXT_CURSOR_HEADER } from '@shared/routes';
import { apiPage, apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

const hookPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** GET /webhooks: the workspace's webhooks (its owners only: `enabled` false for others). */
export function useWebhooks(enabled: boolean) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.webhooks.all(workspace),
    queryFn: ({ signal }) => apiRequest('/webhooks', { schema: WebhookList, workspace, signal }).then((list) => list.webhooks),
    enabled,
  });
}

/** GET /webhooks/{id}/deliveries: newest first, 50 a page ('Load more'). */
export function useDeliveries(id: string) {
  const workspace = useCurrentWorkspaceId();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.webhooks.deliveries(workspace, id),
      queryFn: ({ pageParam, signal }) =>
        apiPage(`${hookPath(id)}/deliveries`, NEXT_CURSOR_HEADER, { schema: DeliveryList, workspace, signal, query: { cursor: pageParam ?? undefined } }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      select: (data) => data.pages.flatMap((page) => page.rows.deliveries),
      // A delivery on its way (a test just sent, a retry waiting) is watched until it ends.
      refetchInterval: (query) => (query.state.data?.pages.some((page) => page.rows.deliveries.some((d) => d.status === 'pending')) ? 2_000 : false),
    }),
  );
}

/** Every change reloads the list (and the deliveries under it). */
function useWebhookMutation<V, R>(fn: (vars: V, workspace: string | null) => Promise<R>) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (vars: V) => fn(vars, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(workspace) }),
  });
}

/** POST /webhooks: 201 with the signing secret, shown this once. */
export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput, workspace) => apiRequest('/webhooks', { method: 'POST', json: input, schema: CreatedWebhook, workspace }));

/** PUT /webhooks/{id}: any of the fields, or `active: false` to pause. */
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...input }: WebhookUpdate & { id: string }, workspace) =>
    apiRequest(hookPath(id), { method: 'PUT', json: input, schema: Webhook, workspace }),
  );

export const useDeleteWebhook = () => useWebhookMutation((id: string, workspace) => apiRequest(hookPath(id), { method: 'DELETE', workspace }));

/** POST /webhooks/{id}/test: a `webhook.test` delivery (202). */
export const useSendTest = () =>
  useWebhookMutation((id: string, workspace) => apiRequest(`${hookPath(id)}/test`, { method: 'POST', schema: DeliveryQueued, workspace }));

/** POST /webhooks/{id}/deliveries/{delivery_id}/redeliver: the same id and body again (202). */
export const useRedeliver = () =>
  useWebhookMutation(({ id, delivery }: { id: string; delivery: string }, workspace) =>
    apiRequest(`${hookPath(id)}/deliveries/${encodeURIComponent(delivery)}/redeliver`, { method: 'POST', schema: DeliveryQueued, workspace }),
  );
