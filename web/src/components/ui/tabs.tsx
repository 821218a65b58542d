import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from './cx';
import { rovingTarget } from './roving-focus';
import './tabs.css';

export interface TabItem {
  value: string;
  /** The tab's visible text (its accessible name). */
  label: ReactNode;
  /** Extra decoration after the label (a count); hidden from assistive technology. */
  aside?: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  /** Hidden panels stay mounted, so a form in one keeps what was typed while another tab shows. */
  keepMounted?: boolean;
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop for the list, Arrow keys / Home / End move
 * between tabs, each panel is labelled by its tab. Controlled with `value`, or uncontrolled.
 */
export function Tabs({ items, label, value, defaultValue, onValueChange, className, keepMounted = false }: TabsProps) {
  const baseId = useId();
  const [internal, setInternal] = useState(defaultValue ?? items[0]?.value);
  const selected = value ?? internal;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (next: string) => {
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = rovingTarget(
      event.key,
      items.findIndex((item) => item.value === selected),
      items.length,
    );
    if (index === undefined) return;
    event.preventDefault();
    const next = items[index];
    if (!next) return;
    select(next.value);
    tabRefs.current[index]?.focus();
  };

  return (
    <div className={cx('tabs', className)}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const isSelected = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => select(item.value)}
            >
              {item.label}
              {item.aside ? (
                <span className="tabs__aside" aria-hidden="true">
                  {item.aside}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={item.value !== selected}
          className="tabs__panel"
        >
          {keepMounted || item.value === selected ? item.content : null}
        </div>
      ))}
    </div>
  );
}
