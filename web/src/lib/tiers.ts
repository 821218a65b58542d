import type { Tier } from '@shared/tiers';

/** How a tier is named on screen: badges, plan names, tier pickers, 'Pro plan required'. */
export const TIER_LABELS: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };
