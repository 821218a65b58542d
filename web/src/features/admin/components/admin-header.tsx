import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { Button, buttonClassName } from '@/components/ui/button';
import { Eyebrow } from '@/components/ui/eyebrow';
import { ADMIN_TEXT } from '../utils/messages';
import './admin-header.css';

export interface AdminHeaderProps {
  /** Where 'Back to app' leads. */
  appPath: string;
  onLogout: () => void;
}

/** The control center's own header: the logo, 'Welcome, Admin', the way back to the app and Log out. */
export function AdminHeader({ appPath, onLogout }: AdminHeaderProps) {
  return (
    <header className="admin-header sticky-header">
      <div className="admin-header__inner">
        <div className="admin-header__brand">
          <Logo size={30} />
          <Eyebrow className="admin-header__tag">
            <ShieldCheck aria-hidden="true" />
            Admin
          </Eyebrow>
        </div>
        <p className="admin-header__welcome">{ADMIN_TEXT.welcome}</p>
        <div className="admin-header__actions">
          <Link to={appPath} className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'admin-header__button' })}>
            <ArrowLeft aria-hidden="true" />
            <span className="visually-hidden-narrow">Back to app</span>
          </Link>
          <Button variant="secondary" size="sm" className="admin-header__button" icon={<LogOut aria-hidden="true" />} onClick={onLogout}>
            <span className="visually-hidden-narrow">Log out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
