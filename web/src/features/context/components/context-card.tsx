import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';

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

/** One card of the Context Library: the kit's card with an icon, a title and a subtitle over its content. */
export function ContextCard({ titleId, icon, title, subtitle, action, children }: ContextCardProps) {
  return (
    <Card className="context-card" aria-labelledby={titleId}>
      <CardHeader titleId={titleId} icon={icon} title={title} subtitle={subtitle} action={action} wrap />
      {children}
    </Card>
  );
}
