import { FEATURES } from '../content';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';
import './features-section.css';

export function FeaturesSection() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title" tabIndex={-1}>
      <div className="container">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to turn ideas into apps">
          A prompt studio and an app generator in one place: write the idea once, improve it with AI, and reuse it every time.
        </SectionHeading>
        <ul className="feature-grid">
          {FEATURES.map(({ icon: Icon, title, description }, index) => (
            <FeatureCard key={title} icon={<Icon />} title={title} description={description} index={index} />
          ))}
        </ul>
      </div>
    </section>
  );
}
