import { Link } from 'react-router-dom';
import type { Tier } from '@shared/tiers';
import { paths } from '@/config/paths';
import { TIER_LABELS } from '@/lib/tiers';
import './app-layout.css';

/** The plan the user is on, always in sight, and the way up from it (none from the top plan). */
export function PlanBadge({ tier }: { tier: Tier }) {
  return (
    <span className="app-header__plan">
      <span className={`plan-badge plan-badge--${tier}`}>{`${TIER_LABELS[tier]} plan`}</span>
      {tier !== 'elite' ? (
        <Link to={paths.pricing} className="app-header__upgrade">
          Upgrade
        </Link>
      ) : null}
    </span>
  );
}
