import type { ReactNode } from 'react';
import { IconTile } from '@/components/ui/icon-tile';
import './account.css';

export function Card({ id, icon, title, subtitle, children }: { id: string; icon: ReactNode; title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <header className="account-card__header">
        <IconTile aria-hidden="true">{icon}</IconTile>
        <div>
          <h2 id={id} className="account-card__title">
            {title}
          </h2>
          <p className="account-card__subtitle">{subtitle}</p>
        </div>
      </header>
      {children}
    </section>
  );
}
