import './admin-table.css';

export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row that holds the height of the rows not rendered; nothing in it takes focus.
    <tr className="admin-table__spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  );
}
