import type { Tier } from '@shared/tiers';

/** How a tier is named on screen: badges, plan names, tier pickers, 'Pro plan required'. */
export const TIER_LABELS: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };

/** A limit message ('…reached your limit…', 'Upgrade…') links to the plans; other messages link nowhere. */
export function limitLink(message: string | undefined): { link?: { to: string; label: string } } {
  return message && /\blimit\b|upgrade/i.test(message) ? { link: { to: '/pricing', label: 'See plans' } } : {};
}
