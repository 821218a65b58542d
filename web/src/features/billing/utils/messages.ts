import { ApiError } from '@/lib/api-client';
import { MissingSessionUrlError } from '@/lib/billing-redirect';

/** User-facing texts of the billing flow; those of docs/product.md are used word for word. */
export const REDIRECTING_LABEL = 'Redirecting…';
export const SIGN_IN_MESSAGE = 'Please sign in to continue.';
export const CHECKOUT_FALLBACK = 'Checkout failed';
export const PORTAL_FALLBACK = 'Could not open subscription management. Please try again.';
export const CURRENT_PLAN_LABEL = 'Current plan';
export const MANAGE_LABEL = 'Manage subscription';
export const GUARANTEE = 'All plans include 14-day money-back guarantee';

/**
 * docs/product.md, Pricing: the server's detail, else 'Request failed with {status}', 'Missing session URL'
 * for an answer without one, and the fallback for anything else (a network failure).
 */
export function billingErrorMessage(error: unknown, fallback = CHECKOUT_FALLBACK): string {
  if (error instanceof MissingSessionUrlError) return error.message;
  if (error instanceof ApiError && error.status > 0) return error.detail || `Request failed with ${error.status}`;
  return fallback;
}

/** Where the checkout or the portal sent the browser back with `?checkout=…`. */
export type CheckoutReturn = 'success' | 'cancelled' | 'cancelled-subscription';

export function checkoutReturnFrom(value: string | null): CheckoutReturn | null {
  return value === 'success' || value === 'cancelled' || value === 'cancelled-subscription' ? value : null;
}

export const RETURN_MESSAGES = {
  success: 'Payment received. Your plan is now active.',
  /** While the payment provider's confirmation has not reached the server yet. */
  successPending: 'Payment received. Activating your plan…',
  /** When the confirmation is still missing after waiting. */
  successLate: 'Payment received. Your plan will be activated in a moment; reload this page to see it.',
  cancelled: 'Checkout was cancelled. You have not been charged.',
  'cancelled-subscription': 'Your subscription was cancelled.',
} as const;
