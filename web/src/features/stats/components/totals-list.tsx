/** A stats page's totals over its window: one term and value per tile. */
export function TotalsList({ items }: { items: [term: string, value: string][] }) {
  return (
    <dl className="stats__totals" aria-label="Totals">
      {items.map(([term, value]) => (
        <div key={term} className="stats__total">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
