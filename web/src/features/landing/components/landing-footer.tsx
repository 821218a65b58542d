import { Link } from 'react-router-dom';
import { LogoLink } from '@/components/logo-link';
import { paths } from '@/config/paths';
import { onSectionLinkClick } from '../lib/scroll';
import { SECTION_LINKS } from './landing-header';
import './landing-footer.css';

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner container">
        <div className="landing-footer__brand">
          <LogoLink to={paths.home} size={28} aria-label="Construct home" />
          <p>The prompt studio that turns ideas into React apps with AI.</p>
        </div>
        <nav aria-label="Sections" className="landing-footer__col">
          <p className="landing-footer__heading">Product</p>
          <ul>
            {SECTION_LINKS.map(({ id, label }) => (
              <li key={id}>
                <a href={`#${id}`} onClick={onSectionLinkClick(id)}>
                  {id === 'pricing' ? 'Plans' : label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal" className="landing-footer__col">
          <p className="landing-footer__heading">Company</p>
          <ul>
            <li>
              <Link to={paths.terms}>Terms of Service</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.pricing}>Pricing</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="landing-footer__bottom container">
        <p className="landing-footer__copyright" suppressHydrationWarning>
          © {year} Construct. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
