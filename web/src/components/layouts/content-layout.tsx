import type { ReactNode } from 'react';
import './content-layout.css';

/** A page inside the signed-in area: document title, page heading, optional description and actions. */
export function ContentLayout({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · Construct`}</title>
      <div className="content-layout container">
        <div className="content-layout__header">
          <div>
            <h1 className="content-layout__title">{title}</h1>
            {description ? <p className="content-layout__description">{description}</p> : null}
          </div>
          {actions ? <div className="content-layout__actions">{actions}</div> : null}
        </div>
        {children}
      </div>
    </>
  );
}
