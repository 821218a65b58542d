import { useId } from 'react';
import { cx } from './ui/cx';
import './logo.css';

/** The Construct mark: a bracketed "C" with a block, on the brand gradient. Decorative; pair it with text. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  const gradientId = `logo-gradient${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg className={cx('logo-mark', className)} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M21.5 10.5h-7a4 4 0 0 0-4 4v3a4 4 0 0 0 4 4h7" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <rect x="19" y="14.5" width="5" height="3" rx="1.5" fill="#c7d2fe" />
    </svg>
  );
}
