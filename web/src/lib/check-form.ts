import type { Check, CheckInput, CheckKind } from '@shared/contract/suite';

/** Checks as a form edits them (the Evaluate page's checks, a library prompt's suite in the control center). */

export const KIND_LABEL: Record<CheckKind, string> = {
  contains: 'Contains',
  not_contains: 'Does not contain',
  regex: 'Matches a pattern',
  json_schema: 'Is JSON fitting a schema',
  min_length: 'At least N characters',
  max_length: 'At most N characters',
  equals_expected: 'Equals the expected answer',
  judge: 'Judged by a model (rubric)',
};

export const CHECK_HINT: Partial<Record<CheckKind, string>> = {
  regex: 'A regular expression, e.g. ^Dear \\w+',
  json_schema: 'A JSON Schema, e.g. {"type": "object", "required": ["title"]}',
  judge: 'What a passing answer does, e.g. "Answers politely and names the product"',
};

/** A check as edited: its value as typed (a number or a schema is read from the text on save). */
export interface CheckRow {
  key: string;
  id?: string;
  kind: CheckKind;
  value: string;
  name: string;
}

export const checkRowOf = (check: Check): CheckRow => ({
  key: check.id,
  id: check.id,
  kind: check.kind,
  value: check.value === null ? '' : typeof check.value === 'object' ? JSON.stringify(check.value, null, 2) : String(check.value),
  name: check.name ?? '',
});

/** The row as the server takes it: a stored check keeps its id (results and forks stay joined to it). */
export function checkInputOf(row: CheckRow): CheckInput {
  const base = { ...(row.id ? { id: row.id } : {}), kind: row.kind, name: row.name.trim() || null };
  if (row.kind === 'equals_expected') return base;
  if (row.kind === 'min_length' || row.kind === 'max_length') return { ...base, value: row.value.trim() === '' ? row.value : Number(row.value) };
  return { ...base, value: row.value };
}

let fresh = 0;
/** A new row: 'Contains' with an empty value. */
export const newCheckRow = (): CheckRow => ({ key: `new-${++fresh}`, kind: 'contains', value: '', name: '' });
