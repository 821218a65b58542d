import { Check, Crown, Sparkles, Zap } from 'lucide-react';
import type { Tier } from '@shared/tiers';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { IconTile } from '@/components/ui/icon-tile';
import { Ribbon } from '@/components/ui/ribbon';
import { CURRENT_PLAN_LABEL } from '../utils/messages';
import { type PlanDefinition, planLimitLines } from '../utils/plans';

const ICONS: Record<Tier, typeof Zap> = { free: Sparkles, pro: Zap, elite: Crown };

export interface PlanAction {
  label: string;
  disabled: boolean;
  /** Shows the spinner and aria-busy (the plan whose checkout is opening). */
  busy?: boolean;
  onClick?: () => void;
  /** A message shown under the button: why its checkout did not start. */
  message?: { text: string; tone: 'error' | 'info' } | null;
}

export interface PlanCardProps {
  plan: PlanDefinition;
  /** The signed-in user's plan. */
  current: boolean;
  action: PlanAction;
}

/** One plan: name, price, its button and what it includes. The Pro card is the emphasised one. */
export function PlanCard({ plan, current, action }: PlanCardProps) {
  const Icon = ICONS[plan.tier];
  const nameId = `plan-${plan.tier}-name`;
  return (
    <li className={cx('plan-card', `plan-card--${plan.tier}`, plan.popular && 'plan-card--popular', current && 'plan-card--current')}>
      <article className="plan-card__body" aria-labelledby={nameId}>
        {plan.popular ? <Ribbon>MOST POPULAR</Ribbon> : null}
        <header className="plan-card__header">
          <IconTile className="plan-card__icon" aria-hidden="true">
            <Icon />
          </IconTile>
          <h2 id={nameId} className="plan-card__name">
            {plan.name}
          </h2>
          {current ? (
            <Badge variant="success" className="plan-card__current">
              <Check aria-hidden="true" />
              {CURRENT_PLAN_LABEL}
            </Badge>
          ) : null}
        </header>
        <p className="plan-card__tagline">{plan.tagline}</p>
        <p className="plan-card__price">
          <span className="plan-card__amount">${plan.price}</span>
          <span className="plan-card__period">/mo</span>
        </p>
        <Button
          className="plan-card__cta"
          variant={plan.popular && !current ? 'primary' : 'secondary'}
          size="lg"
          block
          disabled={action.disabled}
          loading={action.busy}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
        {action.message ? (
          <Alert variant={action.message.tone} urgent>
            {action.message.text}
          </Alert>
        ) : null}
        <ul className="plan-card__features" aria-label={`${plan.name} plan features`}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <Check className="plan-card__check" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <ul className="plan-card__limits" aria-label={`${plan.name} plan limits`}>
          {planLimitLines(plan.tier).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </article>
    </li>
  );
}
