import { limitFor, type Tier } from '@shared/tiers';

/** How a tier is named on screen: badges, plan names, tier pickers, 'Pro plan required'. */
export const TIER_LABELS: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };

/** A limit message ('…reached your limit…', 'Upgrade…') links to the plans; other messages link nowhere. */
export function limitLink(message: string | undefined): { link?: { to: string; label: string } } {
  return message && /\blimit\b|upgrade/i.test(message) ? { link: { to: '/pricing', label: 'See plans' } } : {};
}

const USAGE_NOUN = { max_prompts: 'prompts', max_categories: 'categories', max_snippets: 'snippets' } as const;

/**
 * Why a create action is held before the request is sent: 'You have 5 of 5 prompts on the Free
 * plan.' when `used` has reached the tier's limit; null when there is room (or the count is unknown).
 */
export function usageLimitNote(tier: Tier | null | undefined, kind: keyof typeof USAGE_NOUN, used: number | undefined): string | null {
  if (used === undefined || tier === undefined) return null;
  const limit = limitFor(tier, kind);
  if (limit === null || used < limit) return null;
  const plan = tier ? `the ${TIER_LABELS[tier]} plan` : 'your plan';
  return `You have ${used} of ${limit} ${USAGE_NOUN[kind]} on ${plan}.`;
}
