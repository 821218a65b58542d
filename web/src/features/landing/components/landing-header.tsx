import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoLink } from '@/components/logo-link';
import { buttonClassName } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { useMediaQuery } from '../lib/media';
import { onSectionLinkClick } from '../lib/scroll';
import './landing-header.css';

export const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'pricing', label: 'Pricing' },
] as const;

/**
 * The top navigation bar, only on the landing page (docs/product.md): the logo, the in-page
 * Features, Benefits and Pricing links, and Register / Login (or Open app when signed in). On a
 * phone the section links and Login move into a menu behind a button.
 */
export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  // The built page's menu button could not open the menu: it waits for hydration (docs/decisions.md).
  const hydrated = useHydrated();
  const [scrolled, setScrolled] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const wide = useMediaQuery('(min-width: 48rem)', true);

  // A border and shadow appear once the page has scrolled under the bar.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setScrolled(window.scrollY > 8);
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // The menu closes on Escape (focus returns to its button), on a click outside the bar, and
  // when the layout turns wide.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);

  const close = () => setOpen(false);

  return (
    <header ref={header} className={cx('landing-header', scrolled && 'landing-header--scrolled', open && 'landing-header--open')}>
      <div className="landing-header__inner container">
        <LogoLink to={paths.home} size={30} aria-label="Construct home" />

        <nav className="landing-nav" aria-label="Main">
          <ul className="landing-nav__sections">
            {SECTION_LINKS.map(({ id, label }) => (
              <li key={id}>
                <a href={`#${id}`} className="landing-nav__link" onClick={onSectionLinkClick(id)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <div className="landing-nav__actions">
            {signedIn ? (
              <Link to={paths.prompts} className={buttonClassName({ size: 'sm', className: 'landing-nav__cta' })}>
                Open app
              </Link>
            ) : (
              <>
                <Link to={paths.login} className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'landing-nav__login' })}>
                  Login
                </Link>
                <Link to={paths.register} className={buttonClassName({ size: 'sm', className: 'landing-nav__cta' })}>
                  Register
                </Link>
              </>
            )}
            <button
              ref={toggle}
              type="button"
              className="landing-nav__toggle"
              disabled={!hydrated}
              aria-expanded={open}
              aria-controls="landing-menu"
              aria-label="Menu"
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </button>
          </div>

          {/* The phone menu: positioned under the whole bar, still inside the navigation landmark. */}
          <div id="landing-menu" className="landing-menu" hidden={!open || wide}>
            <ul className="landing-menu__list container">
              {SECTION_LINKS.map(({ id, label }) => (
                <li key={id}>
                  <a href={`#${id}`} className="landing-menu__link" onClick={onSectionLinkClick(id, close)}>
                    {label}
                  </a>
                </li>
              ))}
              {signedIn ? null : (
                <li>
                  <Link to={paths.login} className="landing-menu__link" onClick={close}>
                    Login
                  </Link>
                </li>
              )}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
