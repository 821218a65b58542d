import { mutationOptions, useMutation } from '@tanstack/react-query';
import { CheckoutRequest, CheckoutResponse, type PaidPlan } from '@shared/contract/billing';
import { apiRequest } from '@/lib/api-client';
import { sessionUrlFrom } from '@/lib/billing-redirect';
import { mutationKeys } from '@/lib/query-keys';

/**
 * POST /billing/create-checkout-session {plan} → the checkout page's URL (Stripe Checkout, or the
 * local test checkout when no Stripe key is configured). 409 when already on the plan or already
 * subscribed; 401 without a valid token. An answer without a url throws 'Missing session URL'.
 */
export async function createCheckoutSession({ plan, token }: { plan: PaidPlan; token: string }): Promise<string> {
  const body = CheckoutRequest.parse({ plan });
  return sessionUrlFrom(await apiRequest('/billing/create-checkout-session', { method: 'POST', json: body, token }), CheckoutResponse);
}

export function useCreateCheckoutSession() {
  return useMutation(mutationOptions({ mutationKey: mutationKeys.checkout, mutationFn: createCheckoutSession }));
}
