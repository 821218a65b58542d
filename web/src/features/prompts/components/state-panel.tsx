import type { ReactNode } from 'react';
import { IconTile } from '@/components/ui/icon-tile';

export function StatePanel({ icon, tone, title, children, role }: { icon: ReactNode; tone?: 'danger'; title: string; children: ReactNode; role?: 'alert' }) {
  return (
    <section className={`prompts-state prompts-state--panel${tone ? ` prompts-state--${tone}` : ''}`} role={role}>
      <IconTile size="xl" tone={tone ?? 'accent'}>
        {icon}
      </IconTile>
      <h2 className="prompts-state__title">{title}</h2>
      {children}
    </section>
  );
}
