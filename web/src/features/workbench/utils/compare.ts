import type { CompareColumn } from '@shared/contract/compare';
import type { EvaluationColumnInput } from '@shared/contract/evaluations';
import { costMicros } from '@shared/prices';

/** One column as chosen before a compare: a saved version (`v3`) or the draft, on an optional model. */
export interface ColumnChoice {
  source: string;
  model: string;
}

export const DRAFT = 'draft';

/** What POST /prompts/{id}/compare takes for a choice. */
export function columnInput(choice: ColumnChoice, draftBody: string): EvaluationColumnInput {
  const model = choice.model.trim();
  const source = choice.source === DRAFT ? { draft: { body: draftBody } } : { version: Number(choice.source.slice(1)) };
  return { ...source, ...(model ? { model } : {}) };
}

/** A column's name once known: "v2", "production (v3)", "Draft", with its model. */
export function columnName(column: CompareColumn): string | null {
  if (column.version === undefined && column.draft === undefined && column.model === undefined) return null;
  const source = column.draft ? 'Draft' : column.label ? `${column.label} (v${column.version})` : `v${column.version}`;
  return column.model ? `${source} on ${column.model}` : source;
}

export const duration = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`);

/** The estimated cost of an answer from the dated price table (shared/prices.ts; the server's when it says it); models not listed cost nothing there. */
export function costText(model: string | undefined, usage: { tokens_in: number; tokens_out: number; cost_micros?: number }): string {
  const micros = usage.cost_micros ?? costMicros(model, usage.tokens_in, usage.tokens_out);
  return micros === 0 ? '$0 (no listed price)' : `≈ $${(micros / 1e6).toPrecision(2)}`;
}
