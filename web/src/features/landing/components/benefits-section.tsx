import { CircleCheck } from 'lucide-react';
import { BENEFITS, STEPS } from '../content';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';
import './features-section.css';

export function BenefitsSection() {
  return (
    <section id="benefits" className="landing-section landing-section--tinted" aria-labelledby="benefits-title" tabIndex={-1}>
      <div className="container">
        <SectionHeading id="benefits-title" eyebrow="Benefits" title="From idea to app in three steps">
          Spend your time on the idea, not on the setup. Construct handles the repetitive parts so every project starts halfway done.
        </SectionHeading>
        <ol className="steps">
          {STEPS.map(({ icon: Icon, title, description }, index) => (
            <FeatureCard
              key={title}
              icon={<Icon />}
              title={title}
              description={description}
              eyebrow={`Step ${index + 1}`}
              index={index}
              alternate
              connector={index < STEPS.length - 1}
            />
          ))}
        </ol>
        <ul className="benefit-list">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CircleCheck aria-hidden="true" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
