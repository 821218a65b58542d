import './admin-table.css';

export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="admin-table__spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  );
}
