import { TIERS } from '@shared/tiers';
import { TIER_LABELS } from '@/lib/tiers';

/** The <option>s of a tier picker, lowest tier first. */
export function TierOptions() {
  return TIERS.map((tier) => (
    <option key={tier} value={tier}>
      {TIER_LABELS[tier]}
    </option>
  ));
}
