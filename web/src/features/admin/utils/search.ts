import { useDeferredValue, useMemo } from 'react';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The rows of a table: sorted once per list (A→Z by the searched text), then filtered by a
 * case-insensitive substring of that text. Sorting and lower-casing happen only when the list
 * changes; each keystroke is one pass of `includes` over precomputed strings, and the filter runs
 * on a deferred copy of the query so typing stays responsive with thousands of rows.
 * `text` must be a stable (module-level) function.
 */
export function useSearchedRows<T>(list: readonly T[], query: string, text: (item: T) => string) {
  const indexed = useMemo(
    () =>
      list
        .map((item) => ({ item, key: text(item) }))
        .sort((a, b) => collator.compare(a.key, b.key))
        .map(({ item, key }) => ({ item, key: key.toLowerCase() })),
    [list, text],
  );
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const rows = useMemo(() => (deferred ? indexed.filter((entry) => entry.key.includes(deferred)) : indexed).map((entry) => entry.item), [indexed, deferred]);
  return { rows, total: list.length };
}
