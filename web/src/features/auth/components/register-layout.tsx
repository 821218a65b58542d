import { Layers, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { IconTile } from '@/components/ui/icon-tile';
import { paths } from '@/config/paths';
import './auth.css';

const POINTS = [
  { icon: Zap, title: 'Instant app generation', text: 'Go from a well-crafted prompt to a working app in minutes.' },
  { icon: Layers, title: 'Full-stack component library', text: 'Reusable prompts, snippets and context for every layer of your stack.' },
  { icon: Sparkles, title: 'Powered by advanced AI', text: 'Enhance and refine your prompts with state-of-the-art models.' },
];

/** The register page: a branding panel on the left, the form on the right; fades in after 250 ms. */
export function RegisterLayout({ children }: { children: ReactNode }) {
  return (
    <main className="register-page auth-fade-in" id="main">
      <aside className="register-brand" aria-labelledby="register-brand-title">
        <Link to={paths.home} className="register-brand__logo">
          <Logo />
        </Link>
        <div className="register-brand__body">
          <p id="register-brand-title" className="register-brand__title">
            Build better prompts, ship faster.
          </p>
          <ul className="register-brand__points">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="register-brand__point">
                <IconTile className="register-brand__icon">
                  <Icon aria-hidden="true" />
                </IconTile>
                <span>
                  <strong>{title}</strong>
                  <span className="register-brand__point-text">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="register-brand__badge">
          <ShieldCheck aria-hidden="true" />
          <span>Secure by default • JWT sessions • GDPR compliant</span>
        </p>
      </aside>
      <section className="register-main" aria-labelledby="register-title">
        <div className="register-main__inner">
          <h1 id="register-title" className="auth-card__title">
            Create your account
          </h1>
          <p className="auth-card__subtitle">Start organising, enhancing and reusing your prompts today.</p>
          {children}
        </div>
      </section>
    </main>
  );
}
