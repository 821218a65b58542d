import { ArrowRight, Play, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { IconTile } from '@/components/ui/icon-tile';
import { paths } from '@/config/paths';
import { onSectionLinkClick } from '../lib/scroll';
import { HeroPreview } from './hero-preview';
import './hero.css';

/**
 * The landing hero (docs/product.md, Landing): badge, headline, subtext, Start Now and
 * Learn More, three decorative circles behind it. Enters in 0.8 s after 0.2 s.
 */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__circles" aria-hidden="true">
        <span className="hero__circle hero__circle--one" />
        <span className="hero__circle hero__circle--two" />
        <span className="hero__circle hero__circle--three" />
      </div>

      <div className="hero__inner container">
        <div className="hero__copy landing-enter">
          <p className="hero__badge">
            <IconTile size="xs" className="hero__badge-icon" aria-hidden="true">
              <Zap />
            </IconTile>
            INSTANT APP GENERATION
          </p>
          <h1 id="hero-title" className="hero__title">
            <span className="hero__brand">Construct</span>
            <span className="visually-hidden">: </span>{' '}
            <span className="hero__tagline">
              <span className="hero__nowrap">Ideas to Apps.</span> <span className="hero__accent">Instantly.</span>
            </span>
          </h1>
          <p className="hero__subtext">
            Build production-ready React apps with AI in record time. Describe your idea, refine it with reusable prompts, and get clean code you own, without
            starting from a blank page.
          </p>
          <div className="hero__actions">
            <Link
              to={signedIn ? paths.prompts : paths.register}
              className={buttonClassName({ size: 'lg', className: 'hero__start' })}
              aria-label={signedIn ? 'Start Now: open your prompts' : 'Start Now: create your account'}
            >
              Start Now
              <ArrowRight aria-hidden="true" />
            </Link>
            {/* biome-ignore lint/a11y/useValidAnchor: a link to the features section on the same page, styled as a button. */}
            <a
              href="#features"
              className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'hero__learn' })}
              aria-label="Learn More: see the features"
              onClick={onSectionLinkClick('features')}
            >
              <span className="hero__play" aria-hidden="true">
                <Play />
              </span>
              Learn More
            </a>
          </div>
          <p className="hero__note">No credit card needed to start · Cancel anytime</p>
        </div>

        <HeroPreview />
      </div>
    </section>
  );
}
