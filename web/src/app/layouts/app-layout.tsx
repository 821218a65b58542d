import type { ReactNode } from 'react';
import { Keyboard, LogOut, Shield } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { KeyboardShortcutsDialog } from '@/components/keyboard-shortcuts';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { cx } from '@/components/ui/cx';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/components/use-session';
import { useShortcutsOverlay } from '@/lib/shortcuts';
import './app-layout.css';

const NAV = [
  { to: paths.prompts, label: 'My Prompts' },
  { to: paths.library, label: 'Library' },
  { to: paths.contextLibrary, label: 'Context Library' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) => cx('app-nav__link', isActive && 'app-nav__link--active');

/**
 * The signed-in header: logo, the three sections (active one marked aria-current="page"), Admin for
 * admins, the keyboard shortcuts button ('?' opens the same overlay), Log out.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [shortcutsOpen, setShortcutsOpen] = useShortcutsOverlay();

  const onLogout = async () => {
    // Leave the guarded page first, so the guard does not remember it as the page to return to.
    await navigate(paths.login);
    logout();
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner container">
          <Link to={paths.prompts} className="app-header__logo">
            <Logo size={30} />
          </Link>
          <nav className="app-nav" aria-label="Main">
            <ul className="app-nav__list">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {user?.is_admin ? (
                <li>
                  <NavLink to={paths.admin} className={navClass}>
                    <Shield aria-hidden="true" className="app-nav__icon" />
                    Admin
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className="app-header__user">
            {user ? (
              <span className="app-header__email" title={user.email}>
                {user.email}
              </span>
            ) : null}
            <IconButton
              label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
              icon={<Keyboard />}
              size="sm"
              aria-keyshortcuts="?"
              onClick={() => setShortcutsOpen(true)}
            />
            <Button variant="ghost" size="sm" icon={<LogOut aria-hidden="true" />} onClick={() => void onLogout()}>
              Log out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <KeyboardShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
