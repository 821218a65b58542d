import type { ReactNode } from 'react';
import type { Tier } from '@shared/tiers';
import { TIER_LABELS } from '@/lib/tiers';
import { cx } from './cx';
import './badge.css';

export type BadgeVariant = Tier | 'neutral' | 'accent' | 'success' | 'danger';

export interface BadgeProps {
  variant?: BadgeVariant;
  /** Defaults to the tier name for tier variants. */
  children?: ReactNode;
  className?: string;
}

export function Badge({ variant = 'neutral', children, className }: BadgeProps) {
  const text = children ?? (variant in TIER_LABELS ? TIER_LABELS[variant as Tier] : null);
  return <span className={cx('badge', `badge--${variant}`, className)}>{text}</span>;
}
