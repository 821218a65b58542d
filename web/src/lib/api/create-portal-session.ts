import { mutationOptions, useMutation } from '@tanstack/react-query';
import { PortalResponse } from '@shared/contract/billing';
import { apiRequest } from '@/lib/api-client';
import { sessionUrlFrom } from '@/lib/billing-redirect';
import { mutationKeys } from '@/lib/query-keys';

/**
 * POST /billing/portal-session → the customer portal's URL, where a subscriber changes or cancels
 * the plan (locally: the test page offering 'Cancel subscription'). 400 for a user without one.
 * The account page and the pricing page both offer it.
 */
export async function createPortalSession({ token }: { token: string }): Promise<string> {
  return sessionUrlFrom(await apiRequest('/billing/portal-session', { method: 'POST', token }), PortalResponse);
}

export function useCreatePortalSession() {
  return useMutation(mutationOptions({ mutationKey: mutationKeys.portal, mutationFn: createPortalSession }));
}
