import { type PaidPlan, PLAN_PRICES } from '@shared/contract/billing';
import { planLimits, RUNS_PER_DAY, type Tier } from '@shared/tiers';

/** The three plan cards of the pricing page (docs/product.md). */
export interface PlanDefinition {
  tier: Tier;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  tagline: string;
  features: readonly string[];
  /** The checkout plan; null for the free plan, which has nothing to buy. */
  checkoutPlan: PaidPlan | null;
  /** The button text for a visitor not on this plan. */
  cta: string;
  popular: boolean;
}

export const PLANS: readonly PlanDefinition[] = [
  {
    tier: 'free',
    name: 'Free',
    price: PLAN_PRICES.free,
    tagline: 'Explore the library and keep a few prompts.',
    features: ['Access public prompts', 'Save favorites', 'Basic library browsing'],
    checkoutPlan: null,
    cta: 'Get Started',
    popular: false,
  },
  {
    tier: 'pro',
    name: 'Pro',
    price: PLAN_PRICES.pro,
    tagline: 'For people who write prompts every day.',
    features: ['All Free features', 'Pro-only prompt library', 'Priority updates', 'Basic context snippets'],
    checkoutPlan: 'pro',
    cta: 'Upgrade to Pro',
    popular: true,
  },
  {
    tier: 'elite',
    name: 'Elite',
    price: PLAN_PRICES.elite,
    tagline: 'Everything, with no limits.',
    features: ['All Pro features', 'Elite-only prompt library', 'Advanced context engine', 'White-glove support'],
    checkoutPlan: 'elite',
    cta: 'Upgrade to Elite',
    popular: false,
  },
];

const count = (n: number | null, noun: string) => (n === null ? `Unlimited ${noun}` : `${n.toLocaleString('en-US')} ${noun}`);

/** A plan's concrete limits, from the one table of plan limits (shared/tiers.ts): '5 prompts', '20 runs a day'. */
export function planLimitLines(tier: Tier): string[] {
  const limits = planLimits(tier);
  return [
    count(limits.max_prompts, 'prompts'),
    count(limits.max_categories, 'categories'),
    count(limits.max_snippets, 'snippets'),
    count(RUNS_PER_DAY[tier], 'runs a day'),
  ];
}
