import { mutationOptions, useMutation } from '@tanstack/react-query';
import { PortalResponse } from '@shared/contract/billing';
import { apiRequest } from './api-client';
import { sessionUrlFrom } from './billing-redirect';

/**
 * POST /billing/portal-session → the customer portal's URL, where a subscriber changes or cancels
 * the plan (locally: the test page offering 'Cancel subscription'). 400 for a user without one.
 */
export async function createPortalSession({ token }: { token: string }): Promise<string> {
  return sessionUrlFrom(await apiRequest('/billing/portal-session', { method: 'POST', token }), PortalResponse);
}

export const portalMutationKey = ['billing', 'portal'] as const;

export function useCreatePortalSession() {
  return useMutation(mutationOptions({ mutationKey: portalMutationKey, mutationFn: createPortalSession }));
}
