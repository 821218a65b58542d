import { type CSSProperties, type ReactNode, useRef } from 'react';
import { cx } from '@/components/ui/cx';
import { useTilt } from '../lib/tilt';
import { useRevealOnce } from '../lib/use-reveal';
import './features-section.css';

export interface FeatureCardProps {
  /** A decorative icon (it is hidden from assistive technology). */
  icon: ReactNode;
  title: string;
  description: string;
  /** The alternate look: a tinted card with a solid gradient icon. */
  alternate?: boolean;
  /** Draws a line to the next card (for a sequence of steps). */
  connector?: boolean;
  /** A small label above the title, such as a step number. */
  eyebrow?: string;
  /** Position in its list, used to stagger the entrance slightly. */
  index?: number;
  /** Heading level of the title inside its section. */
  headingLevel?: 3 | 4;
}

/**
 * A feature: icon, title and description. It fades in and rises once when 30% of it is in view
 * (0.5 s, spring easing) and tilts towards the pointer on hover (max 15°, scale 1.05, 400 ms).
 * Both are off for reduced motion; the tilt is off for touch.
 */
export function FeatureCard({ icon, title, description, alternate = false, connector = false, eyebrow, index = 0, headingLevel = 3 }: FeatureCardProps) {
  const outer = useRef<HTMLLIElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const revealed = useRevealOnce(outer, 0.3);
  useTilt(card);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  return (
    <li
      ref={outer}
      className={cx('feature-card', alternate && 'feature-card--alt', connector && 'feature-card--connector')}
      data-revealed={revealed}
      style={{ '--reveal-delay': `${(index % 3) * 90}ms` } as CSSProperties}
    >
      <div ref={card} className="feature-card__body">
        <span className="feature-card__glare" aria-hidden="true" />
        <span className="feature-card__icon" aria-hidden="true">
          {icon}
        </span>
        {eyebrow ? <p className="feature-card__eyebrow">{eyebrow}</p> : null}
        <Heading className="feature-card__title">{title}</Heading>
        <p className="feature-card__text">{description}</p>
      </div>
      {connector ? <span className="feature-card__connector" aria-hidden="true" /> : null}
    </li>
  );
}
