import * as z from 'zod/mini';

export const PAID_PLANS = ['pro', 'elite'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Monthly prices in US dollars (docs/product.md). */
export const PLAN_PRICES = { free: 0, pro: 9, elite: 15 } as const;

export const CheckoutRequest = z.strictObject({ plan: z.enum(PAID_PLANS, "plan must be 'pro' or 'elite'.") });
export const CheckoutResponse = z.object({ url: z.string() });
export const PortalResponse = z.object({ url: z.string() });
export const WebhookAck = z.object({ received: z.boolean(), applied: z.optional(z.boolean()) });
