import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoLink } from '@/components/logo-link';
import { paths } from '@/config/paths';
import { SiteShell } from './site-shell';
import './public-layout.css';

/**
 * Public pages (pricing, legal, 404): a slim header with the logo, the page, and the copyright
 * footer. Only the landing page has a top navigation bar (docs/product.md).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell
      header={
        <header className="public-header">
          <div className="public-header__inner container">
            <LogoLink to={paths.home} size={30} />
          </div>
        </header>
      }
      footer={
        <footer className="public-footer">
          <div className="public-footer__inner container">
            {/* Prerendered at build time: a year turned since the build is not a hydration error (docs/decisions.md). */}
            <p suppressHydrationWarning>© {new Date().getFullYear()} Construct. All rights reserved.</p>
            <nav aria-label="Legal" className="public-footer__nav">
              <Link to={paths.terms}>Terms of Service</Link>
              <Link to={paths.privacy}>Privacy Policy</Link>
              <Link to={paths.pricing}>Pricing</Link>
            </nav>
          </div>
        </footer>
      }
    >
      {children}
    </SiteShell>
  );
}
