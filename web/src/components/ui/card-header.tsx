import type { ReactNode } from 'react';
import { cx } from './cx';
import { IconTile } from './icon-tile';
import './card.css';

export interface CardHeaderProps {
  /** The heading's id: the card is labelled by it. */
  titleId: string;
  icon: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** A control at the end of the header. */
  action?: ReactNode;
  /** The title takes the room left and the action wraps under it when the card is narrow. */
  wrap?: boolean;
}

/** A card's header: an icon tile, the title (h2) with a line under it, and an optional action. */
export function CardHeader({ titleId, icon, title, subtitle, action, wrap = false }: CardHeaderProps) {
  return (
    <header className={cx('card__header', wrap && 'card__header--wrap')}>
      <IconTile aria-hidden="true">{icon}</IconTile>
      <div>
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        {subtitle ? <p className="card__subtitle">{subtitle}</p> : null}
      </div>
      {action}
    </header>
  );
}
