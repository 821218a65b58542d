import type { ModelConfig, PromptKind } from '@shared/contract/chat';
import type { CompareColumn, CompareColumnInput } from '@shared/contract/compare';
import type { Connection } from '@shared/contract/connections';
import { costMicros } from '@shared/prices';
import type { RunTarget } from '@/components/run-target';
import { draftInput, type MessageRow } from '@/lib/chat-form';

/** One column as chosen before a compare: a saved version (`v3`), the draft or a fork's library original, and where it runs. */
export interface ColumnChoice {
  source: string;
  target: RunTarget;
}

export const DRAFT = 'draft';
export const ORIGINAL = 'original';
export const PRODUCT_TARGET: RunTarget = { connectionId: null, model: '' };

/** The draft as the compare dialog holds it: a text prompt's body, a chat prompt's messages, with the current version's settings. */
export interface DraftChoice {
  kind?: PromptKind;
  body: string;
  rows: MessageRow[];
  config?: ModelConfig;
}

/**
 * What POST /prompts/{id}/compare takes for a choice (a draft as an evaluation's column takes it);
 * Construct's model is said outright (null), so a version's own connection never decides unseen.
 */
export function columnInput(choice: ColumnChoice, draft: DraftChoice): CompareColumnInput {
  const { connectionId, model } = choice.target;
  const where = connectionId ? { connection_id: connectionId, ...(model ? { model } : {}) } : { connection_id: null };
  const source =
    choice.source === DRAFT
      ? { draft: draftInput(draft.kind, draft, draft.config) }
      : choice.source === ORIGINAL
        ? { original: true as const }
        : { version: Number(choice.source.slice(1)) };
  return { ...source, ...where };
}

/** A column's name once known: "v2", "production (v3)", "Draft", "Library original", with its model and connection. */
export function columnName(column: CompareColumn, connections: Connection[] = []): string | null {
  if (column.version === undefined && column.draft === undefined && column.model === undefined && column.original === undefined) return null;
  const source = column.original ? 'Library original' : column.draft ? 'Draft' : column.label ? `${column.label} (v${column.version})` : `v${column.version}`;
  if (!column.connection_id) return source;
  const connection = connections.find((c) => c.id === column.connection_id)?.name;
  return `${source} on ${column.model ?? 'its model'}${connection ? ` (${connection})` : ''}`;
}

export const duration = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`);

/** The estimated cost of an answer from the dated price table (shared/prices.ts; the server's when it says it); models not listed cost nothing there. */
/** Said of a run whose model gave no token counts: Construct counted them with a tokenizer. */
export const ESTIMATED_TOKENS = 'tokens estimated';

export function costText(model: string | undefined, usage: { tokens_in: number; tokens_out: number; cost_micros?: number }): string {
  const micros = usage.cost_micros ?? costMicros(model, usage.tokens_in, usage.tokens_out);
  return micros === 0 ? '$0 (no listed price)' : `≈ $${(micros / 1e6).toPrecision(2)}`;
}
