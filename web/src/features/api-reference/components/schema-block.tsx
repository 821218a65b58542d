/** A schema as indented JSON, folded: the document's own words, nothing re-described by hand. */
export function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="api-op__schema">
      <summary>{label}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}
