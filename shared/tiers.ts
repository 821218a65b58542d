/** Access tiers: they set plan limits for users and gate library content (docs/product.md). */
export const TIERS = ['free', 'pro', 'elite'] as const;
export type Tier = (typeof TIERS)[number];

export type LimitKind = 'max_prompts' | 'max_categories' | 'max_snippets';
export type PlanLimits = Record<LimitKind, number | null>;

/** `null` means unlimited. */
const PLAN_LIMITS: Record<Tier, PlanLimits> = {
  free: { max_prompts: 5, max_categories: 3, max_snippets: 5 },
  pro: { max_prompts: 50, max_categories: 20, max_snippets: 50 },
  elite: { max_prompts: null, max_categories: null, max_snippets: null },
};

/** The limit for a tier; 0 when the tier is unknown (docs/product.md), `null` when unlimited. */
export function limitFor(tier: string | null | undefined, kind: LimitKind): number | null {
  if (!tier || !(TIERS as readonly string[]).includes(tier)) return 0;
  return PLAN_LIMITS[tier as Tier][kind];
}

export function planLimits(tier: string | null | undefined): PlanLimits {
  return {
    max_prompts: limitFor(tier, 'max_prompts'),
    max_categories: limitFor(tier, 'max_categories'),
    max_snippets: limitFor(tier, 'max_snippets'),
  };
}

/** True when a user on `userTier` may see content of `contentTier` in full. */
export function tierAllows(userTier: Tier, contentTier: Tier): boolean {
  return TIERS.indexOf(userTier) >= TIERS.indexOf(contentTier);
}

/** The higher of two tiers (content taken from both is gated by the higher). */
export const higherTier = (a: Tier, b: Tier): Tier => (TIERS.indexOf(a) >= TIERS.indexOf(b) ? a : b);

const LIMIT_NOUN: Record<LimitKind, string> = { max_prompts: 'prompts', max_categories: 'categories', max_snippets: 'snippets' };

/** The plan-limit message of docs/product.md, e.g. 'You have reached your limit of 5 prompts. Please upgrade your plan.' */
export function limitMessage(kind: LimitKind, limit: number): string {
  return `You have reached your limit of ${limit} ${LIMIT_NOUN[kind]}. Please upgrade your plan.`;
}

/** AI enhancements per day and tier (`null` = unlimited): the model costs money per call. */
export const ENHANCEMENTS_PER_DAY: Record<Tier, number | null> = { free: 20, pro: 200, elite: null };

/** Workbench runs per day and tier (`null` = unlimited): each run is a paid model call. */
export const RUNS_PER_DAY: Record<Tier, number | null> = { free: 20, pro: 500, elite: null };

/**
 * Team limits per tier (docs/product.md, "Teams"): how many teams a user may create (counted by
 * `teams_used` on their user item), and how many members a team may have (counted by the team
 * item's `members_used`, owners included; the team follows its creator's tier). Pending
 * invitations count only once accepted.
 */
export type TeamLimitKind = 'max_teams' | 'max_team_members';
export const TEAM_LIMITS: Record<Tier, Record<TeamLimitKind, number>> = {
  free: { max_teams: 0, max_team_members: 0 },
  pro: { max_teams: 3, max_team_members: 10 },
  elite: { max_teams: 20, max_team_members: 50 },
};

/** A team limit for a tier; 0 when the tier is unknown, as for the plan limits. */
export function teamLimitFor(tier: string | null | undefined, kind: TeamLimitKind): number {
  if (!tier || !(TIERS as readonly string[]).includes(tier)) return 0;
  return TEAM_LIMITS[tier as Tier][kind];
}
