import { Keyboard, LogOut, Shield, UserRound } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { LogoLink } from '@/components/logo-link';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { IconButton } from '@/components/ui/icon-button';
import { paths } from '@/config/paths';
import { useLogout, useSession } from '@/lib/session';
import { PlanBadge } from './plan-badge';
import { ReviewNotices } from './review-notices';
import { WorkspaceSwitcher } from './workspace-switcher';
import './app-layout.css';

const NAV = [
  { to: paths.prompts, label: 'My Prompts' },
  { to: paths.library, label: 'Library' },
  { to: paths.activity, label: 'Activity' },
  { to: paths.contextLibrary, label: 'Context Library' },
  { to: paths.apiKeys, label: 'API keys' },
  { to: paths.connections, label: 'Connections' },
  { to: paths.teams, label: 'Teams' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) => cx('app-nav__link', isActive && 'app-nav__link--active');

/**
 * The signed-in header: logo, the three sections (active one marked aria-current="page"), Admin for
 * admins, the account link (the user's email), the reviews waiting on them, the keyboard shortcuts button, Log out.
 */
export function AppHeader({ onShortcuts }: { onShortcuts: () => void }) {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <header className="app-header sticky-header">
      <div className="app-header__inner container">
        <LogoLink to={paths.prompts} size={30} className="app-header__logo" />
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
        <WorkspaceSwitcher />
        <div className="app-header__user">
          {user ? (
            <NavLink
              to={paths.account}
              className={({ isActive }) => cx('app-header__account', isActive && 'app-header__account--active')}
              title={`Account: ${user.email}`}
            >
              <UserRound aria-hidden="true" className="app-nav__icon" />
              <span className="visually-hidden">Account</span> <span className="app-header__email">{user.email}</span>
            </NavLink>
          ) : null}
          {user ? <ReviewNotices /> : null}
          {user ? <PlanBadge tier={user.access_tier} /> : null}
          <IconButton
            label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
            icon={<Keyboard />}
            size="sm"
            className="app-header__shortcuts"
            aria-keyshortcuts="?"
            onClick={onShortcuts}
          />
          <Button variant="ghost" size="sm" icon={<LogOut aria-hidden="true" />} onClick={() => void logout()}>
            <span className="visually-hidden-narrow">Log out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
