import type { EvaluationColumn } from '@shared/contract/evaluations';

/** A column's name in the grid and the history: "v3", "production", "Draft", with the model it ran on. */
export function columnName(column: Pick<EvaluationColumn, 'version' | 'label' | 'draft' | 'model'>): string {
  const source = column.draft ? 'Draft' : column.label ? `${column.label}${column.version ? ` (v${column.version})` : ''}` : `v${column.version ?? '?'}`;
  return column.model ? `${source} on ${column.model}` : source;
}

/** "80%", or "–" before the first finished cell. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);
