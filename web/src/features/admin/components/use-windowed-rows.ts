import { useLayoutEffect, useRef, useState } from 'react';

/** Lists up to this long render every row; longer ones render only the rows near the viewport. */
export const WINDOWING_THRESHOLD = 150;
/** Rows rendered above and below the viewport, so fast scrolling and Tab never meet a gap. */
const OVERSCAN = 15;
/** Until a row has been measured. */
const ESTIMATED_ROW_HEIGHT = 60;
const INITIAL_ROWS = 40;

export interface RowWindow {
  /** Put on the <tbody>: rows are positioned relative to its top. */
  bodyRef: React.RefObject<HTMLTableSectionElement | null>;
  windowed: boolean;
  start: number;
  end: number;
  /** Heights of the spacer rows standing in for the rows not rendered. */
  padTop: number;
  padBottom: number;
}

/**
 * Simple windowing for a table in the page's own scroll (no inner scroll box): every row has the
 * same height (the table's CSS keeps cells on one line), so the rows in view follow from the
 * <tbody>'s position. Short lists are rendered whole, keeping the DOM simple where it costs nothing.
 */
export function useWindowedRows(count: number): RowWindow {
  const windowed = count > WINDOWING_THRESHOLD;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT);
  const [range, setRange] = useState({ start: 0, end: INITIAL_ROWS });

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!windowed || !body) return;

    const measure = () => {
      const rows = body.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (!first || !last || rows.length < 2) return;
      const height = (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) / rows.length;
      if (height > 0 && Math.abs(height - rowHeight) > 0.25) setRowHeight(height);
    };
    const update = () => {
      const offset = -body.getBoundingClientRect().top;
      const start = Math.min(count, Math.max(0, Math.floor(offset / rowHeight) - OVERSCAN));
      const end = Math.min(count, Math.max(start, Math.ceil((offset + window.innerHeight) / rowHeight) + OVERSCAN));
      setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };

    measure();
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [windowed, count, rowHeight]);

  if (!windowed) return { bodyRef, windowed, start: 0, end: count, padTop: 0, padBottom: 0 };
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  return { bodyRef, windowed, start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
