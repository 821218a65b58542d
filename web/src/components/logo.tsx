import { LogoMark } from './logo-mark';
import { cx } from './ui/cx';
import './logo.css';

/** Mark + wordmark. The accessible name is the visible text "Construct". */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <span className={cx('logo', className)}>
      <LogoMark size={size} />
      <span className="logo__text">Construct</span>
    </span>
  );
}
