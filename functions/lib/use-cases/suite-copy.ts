import { randomUUID } from 'node:crypto';
import { bodyOf } from '@shared/chat';
import { type Check, type CheckInput, EXAMPLES_PER_PROMPT, type ExportedExample } from '@shared/contract/suite';
import { exampleProblems } from '@shared/examples';
import { deleteChecksOf, getCheckList, putChecksBeforePrompt } from '../data/checks';
import { allExamples, deleteExamplesOf, type ExampleFields, putExamplesBeforePrompt } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError } from '../http/errors';
import { checkValue } from '../services/checks';

/**
 * A prompt's test suite goes where the prompt is copied (issue 29: checks are part of the prompt):
 * 'Move/copy to…' gives the copy the same checks (their ids too) and the examples, oldest first, as
 * many as the target workspace's plan allows per prompt (createPrompt writes them before the copy).
 * Evaluations stay with the original.
 */
export const copiedSuite = (from: WorkspacePk, fromId: string, to: Pick<WorkspaceRef, 'tier'>): Promise<NewSuite> =>
  readSuite(from, fromId, EXAMPLES_PER_PROMPT[to.tier]);

/** A prompt's checks, its first `limit` examples, oldest first, and the library examples it dismissed (a copy, a publish to the library). */
export async function readSuite(from: WorkspacePk, fromId: string, limit: number): Promise<Required<NewSuite> & { examples: ExampleFields[] }> {
  const { checks, dismissed } = await getCheckList(from, fromId);
  const examples: ExampleFields[] = [];
  for await (const page of allExamples(from, fromId)) {
    for (const { id: _id, created_at: _at, ...fields } of page) if (examples.length < limit) examples.push(fields);
    if (examples.length >= limit) break;
  }
  return { checks, examples, dismissed };
}

/** A suite as a file or the library carries it: checks without ids, examples without ids or dates. */
export interface SuiteIn {
  checks?: CheckInput[];
  examples?: ExportedExample[];
}

/**
 * A suite from a file, checked as the suite routes check it: every check's value (a regex that
 * does not compile, a schema that is not JSON Schema …) and every example's inputs against the
 * prompt's variables; 400 naming the first problem, `at` its position (`prompts[3]`).
 */
export function checkSuite(content: Parameters<typeof bodyOf>[0], suite: SuiteIn, at: string): Check[] {
  const checks = (suite.checks ?? []).map((check, i) => {
    try {
      return { id: randomUUID(), kind: check.kind, value: checkValue(check, i), name: check.name ?? null };
    } catch (error) {
      throw error instanceof BadRequestError ? new BadRequestError(`${at}.checks: ${error.detail}`) : error;
    }
  });
  const body = bodyOf(content);
  (suite.examples ?? []).forEach((example, i) => {
    const problems = exampleProblems(body, example.inputs);
    if (problems.length) throw new BadRequestError(`${at}.examples[${i}]: the inputs do not fit the prompt's variables: ${problems.join(' ')}`);
  });
  return checks;
}

const fieldsOf = (e: ExportedExample): ExampleFields => ({
  inputs: e.inputs,
  history: e.history ?? [],
  expected: e.expected ?? null,
  rating: e.rating ?? null,
  note: e.note ?? null,
  source: e.source ?? 'import',
});

/** A new prompt's suite (a copy's, a fork's), its examples within the target's plan: createPrompt writes it first. */
export interface NewSuite {
  checks: Check[];
  examples: ExportedExample[];
  /** The library examples a fork dismissed (data/checks.ts), kept by its copy. */
  dismissed?: string[];
}

/** What a new prompt's own put carries of the suite writeSuiteFirst writes: `examples_used` (the file's limit was checked first) and `suite_rev`. */
export function suiteCounters(suite: { checks?: readonly unknown[]; examples?: readonly unknown[] }): { examples_used?: number; suite_rev?: number } {
  const examples = suite.examples?.length ?? 0;
  if (!examples && !suite.checks?.length) return {};
  return { ...(examples ? { examples_used: examples } : {}), suite_rev: 1 };
}

/**
 * An imported prompt's suite, written before the prompt, whose put carries suiteCounters: a
 * prompt never exists without its suite, so a re-import that skips it as a duplicate skips a whole
 * one. A crash before the prompt's write leaves items no prompt names (dropUnwrittenSuite removes
 * them when the write fails; the account's or team's deletion takes any left).
 */
export async function writeSuiteFirst(
  to: WorkspacePk,
  promptId: string,
  checks: Check[],
  examples: ExportedExample[] = [],
  dismissed: string[] = [],
): Promise<void> {
  await Promise.all([
    checks.length || dismissed.length ? putChecksBeforePrompt(to, promptId, checks, dismissed) : undefined,
    examples.length ? putExamplesBeforePrompt(to, promptId, examples.map(fieldsOf)) : undefined,
  ]);
}

/** Removes a suite written first whose prompt's write then failed (best effort: items no prompt names are harmless). */
export async function dropUnwrittenSuite(to: WorkspacePk, promptId: string): Promise<void> {
  await Promise.all([deleteChecksOf(to, promptId), deleteExamplesOf(to, promptId)]).catch(() => undefined);
}
