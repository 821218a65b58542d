import type { ReactNode } from 'react';
import { SearchInput } from '@/components/ui/search-input';

const PANEL_HEADING_ID = 'admin-panel-heading';

/**
 * After a row is deleted its buttons are gone and focus would fall back to the page: put it on the
 * panel's heading instead, so keyboard and screen reader users keep their place.
 */
export function focusPanelHeading() {
  // The row leaves on the next render: watch a few frames for focus falling back to the page.
  let frames = 0;
  const check = () => {
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById(PANEL_HEADING_ID)?.focus();
    else if (++frames < 30) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export interface PanelHeaderProps {
  title: string;
  description: string;
  /** The search box: placeholder (also its accessible name), value and setter. */
  search: { placeholder: string; value: string; onValueChange: (value: string) => void };
  /** Rows shown and in total, for the result line. */
  shown: number;
  total: number;
  /** Noun for the result line, singular and plural: ['prompt', 'prompts']. */
  noun: readonly [string, string];
  /** A primary action ('New Category', 'Create User'). */
  action?: ReactNode;
}

/** A tab's heading, description, search box, result count (announced politely) and main action. */
export function PanelHeader({ title, description, search, shown, total, noun, action }: PanelHeaderProps) {
  const filtered = search.value.trim() !== '';
  const word = (filtered ? shown : total) === 1 ? noun[0] : noun[1];
  return (
    <div className="admin-panel__header">
      <div className="admin-panel__titles">
        <h2 className="admin-panel__title" id={PANEL_HEADING_ID} tabIndex={-1}>
          {title}
        </h2>
        <p className="admin-panel__description">{description}</p>
      </div>
      <div className="admin-panel__toolbar">
        <SearchInput
          className="admin-panel__search"
          label={search.placeholder.replace(/\.\.\.$/, '')}
          placeholder={search.placeholder}
          value={search.value}
          onValueChange={search.onValueChange}
        />
        {action}
      </div>
      <p className="admin-panel__count" role="status">
        {filtered ? `Showing ${shown.toLocaleString()} of ${total.toLocaleString()} ${noun[1]}` : `${total.toLocaleString()} ${word}`}
      </p>
    </div>
  );
}
