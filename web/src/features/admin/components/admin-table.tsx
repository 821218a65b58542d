import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { cx } from '@/components/ui/cx';
import { SpacerRow } from './spacer-row';
import { useWindowedRows } from './use-windowed-rows';
import './admin-table.css';

export interface AdminColumn {
  /** The column header text (also its accessible name). */
  header: string;
  /** Extra class for the header and, by convention, the column's cells. */
  className?: string;
  /** Hide the header text visually (an actions column); it stays for assistive technology. */
  hiddenHeader?: boolean;
}

export interface AdminTableProps<T> {
  /** The table's caption: its accessible name (visually hidden; the panel heading shows it). */
  caption: string;
  columns: AdminColumn[];
  rows: readonly T[];
  /** Renders one <tr data-row> for a row; `rowIndex` is its aria-rowindex when the table is windowed. */
  renderRow: (row: T, rowIndex: number | undefined) => ReactNode;
  /** Shown in place of the body when there are no rows. */
  empty: ReactNode;
  className?: string;
}

/**
 * A real <table> (caption, column headers with scope, a row header per row) inside a box that
 * scrolls sideways on narrow screens. The box joins the Tab order only when it actually overflows,
 * so keyboard users can scroll it. Long lists are windowed (see useWindowedRows).
 */
export function AdminTable<T>({ caption, columns, rows, renderRow, empty, className }: AdminTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scrollRef);
  const { bodyRef, windowed, start, end, padTop, padBottom } = useWindowedRows(rows.length);

  const visible = rows.slice(start, end);
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the region role and its name come with the tab stop, only when the table overflows.
    <div
      ref={scrollRef}
      className="admin-table-scroll"
      // A focusable region so the keyboard can scroll it; named after the table.
      tabIndex={overflows ? 0 : undefined}
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? caption : undefined}
    >
      <table className={cx('admin-table', className)} aria-rowcount={windowed ? rows.length + 1 : undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={windowed ? 1 : undefined}>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {padTop > 0 ? <SpacerRow height={padTop} columns={columns.length} /> : null}
          {visible.map((row, i) => renderRow(row, windowed ? start + i + 2 : undefined))}
          {padBottom > 0 ? <SpacerRow height={padBottom} columns={columns.length} /> : null}
          {rows.length === 0 ? (
            <tr className="admin-table__empty-row">
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/** True while the element is wider inside than its box (a horizontal scrollbar shows). */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
