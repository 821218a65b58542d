import { type KeyboardEvent, useEffect, useRef } from 'react';
import { cx } from '@/components/ui/cx';
import { rovingTarget } from '@/components/ui/roving-focus';
import { ADMIN_TABS, type AdminTab, PANEL_ID, tabId } from './admin-tabs';
import '@/components/ui/list-option.css';
import './admin-sidebar.css';

export interface AdminSidebarProps {
  value: AdminTab;
  onValueChange: (tab: AdminTab) => void;
  /** Row counts shown beside the data tabs once loaded (decorative: hidden from assistive technology). */
  counts: Partial<Record<AdminTab, number>>;
}

/**
 * The control center's sections as WAI-ARIA tabs (automatic activation): one Tab stop, the arrow
 * keys move between tabs (up/down in the sidebar, left/right when it becomes a strip on small
 * screens), Home and End jump to the ends.
 */
export function AdminSidebar({ value, onValueChange, counts }: AdminSidebarProps) {
  const refs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});

  // On small screens the tabs are a strip that scrolls sideways: keep the selected one in view.
  // The counts arrive later and widen the tabs, so this runs again when they change.
  const countsKey = ADMIN_TABS.map((tab) => counts[tab.value] ?? '').join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: countsKey is the trigger (the tabs' widths change), not a value the effect reads.
  useEffect(() => {
    refs.current[value]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value, countsKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = rovingTarget(
      event.key,
      ADMIN_TABS.findIndex((tab) => tab.value === value),
      ADMIN_TABS.length,
      'vertical',
    );
    if (target === undefined) return;
    event.preventDefault();
    const next = ADMIN_TABS[target];
    if (!next) return;
    onValueChange(next.value);
    refs.current[next.value]?.focus();
  };

  return (
    <aside className="admin-sidebar">
      <p className="admin-sidebar__eyebrow" aria-hidden="true">
        Manage
      </p>
      <div role="tablist" aria-label="Control center sections" aria-orientation="vertical" className="admin-sidebar__list" onKeyDown={onKeyDown}>
        {ADMIN_TABS.map(({ value: tab, label, icon: Icon }) => {
          const selected = tab === value;
          const count = counts[tab];
          return (
            <button
              key={tab}
              ref={(element) => {
                refs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              tabIndex={selected ? 0 : -1}
              className={cx('list-option admin-sidebar__tab', selected && 'admin-sidebar__tab--selected')}
              onClick={() => onValueChange(tab)}
            >
              <Icon className="admin-sidebar__icon" aria-hidden="true" />
              <span className="admin-sidebar__label">{label}</span>
              {count !== undefined ? (
                <span className="admin-sidebar__count" aria-hidden="true">
                  {count.toLocaleString()}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </aside>
  );
}
