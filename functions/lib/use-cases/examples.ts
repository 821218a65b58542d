import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as toCsv } from 'csv-stringify/sync';
import { type Example, ExampleReplace, type ExamplesImport } from '@shared/contract/suite';
import { exampleProblems } from '@shared/examples';
import { parseVariables } from '@shared/variables';
import { dismissExamplePart } from '../data/checks';
import { addExamples, allExamples, deleteExample, type ExampleFields, exampleHash } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import { PROMPT_NOT_FOUND, type PromptItem, promptFrom } from '../data/prompt';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../http/errors';

/**
 * Examples kept against a prompt's typed variables (issue 29): a new or changed example must fit
 * the prompt's current INPUT variables (shared/examples.ts), an import is checked row by row and
 * stored whole or not at all, and an export writes the same two formats an import reads.
 */

/** The prompt a suite route acts on, as preloaded (404 when there is none). */
export function suitePrompt(item: Record<string, unknown> | undefined): PromptItem {
  const prompt = promptFrom(item);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  return prompt;
}

/**
 * DELETE /prompts/{id}/examples/{example_id}. A library example (a fork's) is recorded as dismissed
 * in the same transaction (data/checks.ts), so the next library pull does not bring it back.
 */
export async function removeExample(workspace: WorkspacePk, promptId: string, example: Example): Promise<void> {
  const dismissal = example.source === 'library' ? [dismissExamplePart(workspace, promptId, exampleHash(example))] : [];
  await deleteExample(workspace, promptId, example.id, dismissal);
}

/** 400 naming what does not fit, `at` prefixed (an import's row). */
export function checkFits(prompt: PromptItem, inputs: Record<string, string>, at = ''): void {
  const problems = exampleProblems(prompt.body, inputs);
  if (problems.length) throw new BadRequestError(`${at}The inputs do not fit this prompt's variables: ${problems.join(' ')}`);
}

export const fieldsOf = (input: Omit<ExampleReplace, 'inputs'> & { inputs: Record<string, string> }, source: Example['source']): ExampleFields => ({
  inputs: input.inputs,
  history: input.history ?? [],
  expected: input.expected ?? null,
  rating: input.rating ?? null,
  note: input.note ?? null,
  source,
});

/** Columns of a CSV that are not variables. */
const CSV_FIELDS = ['expected', 'rating', 'note'] as const;

/** The rows of an import as example fields, each checked (400 naming the first bad row: nothing stored). */
function importRows(prompt: PromptItem, { format, content }: ExamplesImport): ExampleFields[] {
  const rows: unknown[] = [];
  if (format === 'jsonl') {
    content.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      try {
        rows.push(JSON.parse(line));
      } catch {
        throw new BadRequestError(`Line ${i + 1} is not JSON: each line of a JSONL import is one example.`);
      }
    });
  } else {
    let records: Record<string, string>[];
    try {
      records = parseCsv(content, { columns: true, skip_empty_lines: true, bom: true, trim: false, relax_column_count: false });
    } catch (error) {
      throw new BadRequestError(`The CSV could not be read: ${(error as Error).message}`);
    }
    for (const record of records) {
      const inputs: Record<string, string> = {};
      const row: Record<string, unknown> = { inputs };
      for (const [column, value] of Object.entries(record)) {
        if ((CSV_FIELDS as readonly string[]).includes(column)) {
          if (value !== '') row[column] = value;
        } else if (value !== '') inputs[column] = value;
      }
      rows.push(row);
    }
  }
  if (!rows.length) throw new BadRequestError('The import holds no examples.');
  const line = format === 'csv' ? 'Row' : 'Line';
  return rows.map((row, i) => {
    const parsed = ExampleReplace.safeParse(row);
    if (!parsed.success) throw new BadRequestError(`${line} ${i + 1}: ${parsed.error.issues[0]?.message ?? 'not an example.'}`);
    checkFits(prompt, parsed.data.inputs, `${line} ${i + 1}: `);
    return fieldsOf(parsed.data, 'import');
  });
}

export async function importExamples(workspace: WorkspaceRef, prompt: PromptItem, request: ExamplesImport): Promise<Example[]> {
  return addExamples(workspace.pk, workspace.tier, prompt.id, importRows(prompt, request));
}

/** An export holds at most this much text: past it, 413 (a Lambda answer is at most 6 MB). */
export const EXPORT_CHARS_MAX = 5_000_000;

/** All of a prompt's examples as CSV (a column per variable, then expected, rating, note) or JSONL. */
export async function exportExamples(workspace: WorkspaceRef, prompt: PromptItem, format: 'csv' | 'jsonl'): Promise<string> {
  const examples: Example[] = [];
  let chars = 0;
  for await (const page of allExamples(workspace.pk, prompt.id)) {
    examples.push(...page);
    chars += page.reduce((n, e) => n + JSON.stringify(e).length, 0);
    if (chars > EXPORT_CHARS_MAX)
      throw new PayloadTooLargeError(`These examples are too large to export at once (over ${EXPORT_CHARS_MAX.toLocaleString('en-US')} characters).`);
  }
  if (format === 'jsonl')
    return examples.map(({ inputs, history, expected, rating, note }) => `${JSON.stringify({ inputs, history, expected, rating, note })}\n`).join('');
  const columns = [
    ...new Set([
      ...parseVariables(prompt.body)
        .filter((v) => v.type === 'INPUT')
        .map((v) => v.key),
      ...examples.flatMap((e) => Object.keys(e.inputs)),
    ]),
  ];
  const records = examples.map((e) => [...columns.map((c) => e.inputs[c] ?? ''), e.expected ?? '', e.rating ?? '', e.note ?? '']);
  return toCsv([[...columns, ...CSV_FIELDS], ...records]);
}
