import type { ReactNode } from 'react';
import { IconTile } from '@/components/ui/icon-tile';

export interface ContextCardProps {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  /** A button at the end of the header. */
  action?: ReactNode;
  children: ReactNode;
}

/** One card of the Context Library: an icon, a title and a subtitle over the card's content. */
export function ContextCard({ titleId, icon, title, subtitle, action, children }: ContextCardProps) {
  return (
    <section className="context-card" aria-labelledby={titleId}>
      <header className="context-card__header">
        <IconTile aria-hidden="true">{icon}</IconTile>
        <div>
          <h2 id={titleId} className="context-card__title">
            {title}
          </h2>
          <p className="context-card__subtitle">{subtitle}</p>
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}
