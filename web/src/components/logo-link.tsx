import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { cx } from './ui/cx';
import './logo.css';

/** The logo as a link (home, or the app's start page); its name is "Construct" unless `aria-label` says otherwise. */
export function LogoLink({ to, size, className, 'aria-label': label }: { to: string; size?: number; className?: string; 'aria-label'?: string }) {
  return (
    <Link to={to} className={cx('logo-link', className)} aria-label={label}>
      <Logo size={size} />
    </Link>
  );
}
