import { SiteShell } from '@/components/layouts/site-shell';
import { type LandingVariant, STATS } from '../content';
import { BenefitsSection } from './benefits-section';
import { CtaSection } from './cta-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { LandingBackground } from './landing-background';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PlansSection } from './plans-section';
import { StatsSection } from './stats-section';
import '../landing.css';

export interface LandingPageProps {
  /** A signed-in visitor is sent to the app instead of to registration. */
  signedIn: boolean;
  variant: LandingVariant;
}

/**
 * The landing page: the top navigation bar, then hero, features and benefits over the animated
 * sphere background, then stats, plans, a closing call to action and the footer.
 */
export function LandingPage({ signedIn, variant }: LandingPageProps) {
  return (
    <SiteShell className="landing" data-variant={variant} header={<LandingHeader signedIn={signedIn} />} footer={<LandingFooter />}>
      <div className="landing-stage">
        <LandingBackground />
        <Hero signedIn={signedIn} />
        <FeaturesSection />
        <BenefitsSection />
      </div>
      <StatsSection stats={STATS[variant]} />
      <PlansSection signedIn={signedIn} />
      <CtaSection signedIn={signedIn} />
    </SiteShell>
  );
}
