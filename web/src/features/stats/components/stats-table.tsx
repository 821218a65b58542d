import type { ReactNode } from 'react';

/** A column of a stats table: its heading and how a row's value reads in it. */
export interface StatsColumn<T> {
  name: string;
  value: (row: T) => string;
}

/** A wide table of numbers in a card, named by the card's title: one row header, then a cell per column; it scrolls sideways on its own. */
export function StatsTable<T>({
  titleId,
  label,
  first,
  columns,
  rows,
}: {
  titleId: string;
  label: string;
  first: string;
  columns: StatsColumn<T>[];
  rows: { key: string; name: ReactNode; value: T }[];
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the card's section; a nested section would add a landmark the card already is.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on its own: it takes the focus so the keyboard can scroll it.
    <div className="stats__table-wrap" role="region" aria-label={`${label}, as a table`} tabIndex={0}>
      <table className="stats__table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {columns.map((c) => (
              <th key={c.name} scope="col">
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {columns.map((c) => (
                <td key={c.name}>{c.value(row.value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
