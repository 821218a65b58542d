import { randomUUID } from 'node:crypto';
import type { Check, CheckInput, ChecksInput } from '@shared/contract/suite';
import { saveChecks } from '../data/checks';
import type { WorkspacePk } from '../data/keys';
import type { PromptItem } from '../data/prompt';
import { checkValue } from '../services/checks';

/** A list of checks as given, each value checked (400 naming the first bad one), ids kept or given. */
export const checksOf = (input: CheckInput[]): Check[] =>
  input.map((check, i) => ({ id: check.id ?? randomUUID(), kind: check.kind, value: checkValue(check, i), name: check.name ?? null }));

/** PUT /prompts/{id}/checks: every check's value checked first (400 naming the first bad one, nothing saved), ids kept or given. */
export async function replaceChecks(workspace: WorkspacePk, prompt: PromptItem, input: ChecksInput): Promise<Check[]> {
  const checks = checksOf(input.checks);
  await saveChecks(workspace, prompt.id, checks);
  return checks;
}
