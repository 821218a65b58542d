import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import './cta-section.css';

export function CtaSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__panel">
          <span className="cta__ring cta__ring--one" aria-hidden="true" />
          <span className="cta__ring cta__ring--two" aria-hidden="true" />
          <h2 id="cta-title" className="cta__title">
            Your next idea is one prompt away
          </h2>
          <p className="cta__text">Create your account in under a minute and turn today&apos;s idea into a working React app.</p>
          <div className="cta__actions">
            <Link to={signedIn ? paths.prompts : paths.register} className={buttonClassName({ size: 'lg', className: 'cta__primary' })}>
              {signedIn ? 'Open your prompts' : 'Create your account'}
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to={paths.pricing} className={buttonClassName({ variant: 'ghost', size: 'lg', className: 'cta__secondary' })}>
              See pricing
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
