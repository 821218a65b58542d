import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import '@/components/layouts/public-layout.css';
import '@/styles/pages.css';

/** Placeholder landing page (the real one is built separately): the top navigation bar and a hero. */
export function Component() {
  return (
    <div className="public-shell">
      <title>Construct · Prompt studio</title>
      <header className="public-header">
        <div className="public-header__inner container">
          <Link to={paths.home} className="public-header__logo" aria-label="Construct home">
            <Logo size={30} />
          </Link>
          <nav className="public-header__nav" aria-label="Main">
            <Link to={paths.pricing} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              Pricing
            </Link>
            <Link to={paths.login} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              Log in
            </Link>
            <Link to={paths.register} className={buttonClassName({ size: 'sm' })}>
              Sign up
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="placeholder-hero">
        <h1>Construct</h1>
        <p>Your prompt studio: keep, organise and enhance your AI prompts, and build on a curated library.</p>
        <div className="placeholder-hero__actions">
          <Link to={paths.register} className={buttonClassName({ size: 'lg' })}>
            Create Account
          </Link>
          <Link to={paths.login} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            Sign In
          </Link>
          <Link to={paths.pricing} className={buttonClassName({ variant: 'ghost', size: 'lg' })}>
            See pricing
          </Link>
        </div>
      </main>
    </div>
  );
}
