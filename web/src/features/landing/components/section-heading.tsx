import type { ReactNode } from 'react';

/** Eyebrow, title and lead of a landing section. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="section-heading">
      <p className="section-heading__eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {children ? <p className="section-heading__lead">{children}</p> : null}
    </div>
  );
}
