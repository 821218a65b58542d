import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Ribbon } from '@/components/ui/ribbon';
import { paths } from '@/config/paths';
import { PLANS } from '../content';
import { SectionHeading } from './section-heading';
import './plans-section.css';

/** The three landing plans of docs/product.md, Pro marked popular. */
export function PlansSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="pricing" className="landing-section" aria-labelledby="pricing-title" tabIndex={-1}>
      <div className="container">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple plans that grow with you">
          Start small, upgrade when your ideas outgrow your plan. Every plan is billed monthly and can be cancelled anytime.
        </SectionHeading>
        <ul className="plans">
          {PLANS.map((plan) => (
            <li key={plan.id} className={cx('plan', plan.popular && 'plan--popular')} aria-labelledby={`plan-${plan.id}`}>
              {plan.popular ? <Ribbon className="plan__badge">Most popular</Ribbon> : null}
              <h3 id={`plan-${plan.id}`} className="plan__name">
                {plan.name}
              </h3>
              <p className="plan__blurb">{plan.blurb}</p>
              <p className="plan__price">
                <span className="plan__amount">{plan.amount}</span>
                <span className="plan__period">{plan.period}</span>
              </p>
              <ul className="plan__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <Link
                to={signedIn ? paths.pricing : paths.register}
                className={buttonClassName({ variant: plan.popular ? 'primary' : 'secondary', size: 'lg', block: true, className: 'plan__cta' })}
                aria-label={`Get started with ${plan.name}`}
              >
                Get started
              </Link>
            </li>
          ))}
        </ul>
        <p className="plans__note">
          Looking for the prompt studio plans? <Link to={paths.pricing}>Compare them on the pricing page</Link>.
        </p>
      </div>
    </section>
  );
}
