import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import './public-layout.css';

/**
 * Public pages (pricing, legal, 404): a slim header with the logo, the page, and the copyright
 * footer. Only the landing page has a top navigation bar (spec section 2).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <div className="public-header__inner container">
          <Link to={paths.home} className="public-header__logo">
            <Logo size={30} />
          </Link>
        </div>
      </header>
      <main id="main" className="public-main">
        {children}
      </main>
      <footer className="public-footer">
        <div className="public-footer__inner container">
          <p>© {new Date().getFullYear()} Construct. All rights reserved.</p>
          <nav aria-label="Legal" className="public-footer__nav">
            <Link to={paths.terms}>Terms of Service</Link>
            <Link to={paths.privacy}>Privacy Policy</Link>
            <Link to={paths.pricing}>Pricing</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
