import type { ReactNode } from 'react';
import { LogoLink } from '@/components/logo-link';
import { paths } from '@/config/paths';
import './auth.css';

/** The centred card layout of the sign-in page. */
export function AuthCardLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-shell" id="main">
      <div className="auth-card">
        <LogoLink to={paths.home} className="auth-card__logo" />
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <p className="auth-card__footer">{footer}</p> : null}
      </div>
    </main>
  );
}
