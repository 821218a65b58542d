import { EXAMPLES_PER_PROMPT } from '@shared/contract/suite';
import { getChecks, saveChecks } from '../data/checks';
import { addExamples, allExamples, type ExampleFields } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import type { WorkspaceRef } from '../data/workspace';

/**
 * A prompt's test suite goes where the prompt is copied (issue 29: checks are part of the prompt):
 * 'Move/copy to…' gives the copy the same checks (their ids too) and the examples, oldest first, as
 * many as the target workspace's plan allows per prompt. Evaluations stay with the original.
 */
export async function copySuite(from: WorkspacePk, fromId: string, to: Pick<WorkspaceRef, 'pk' | 'tier'>, toId: string): Promise<void> {
  const checks = await getChecks(from, fromId);
  if (checks.length) await saveChecks(to.pk, toId, checks);
  const limit = EXAMPLES_PER_PROMPT[to.tier];
  const examples: ExampleFields[] = [];
  for await (const page of allExamples(from, fromId)) {
    for (const { id: _id, created_at: _at, ...fields } of page) if (examples.length < limit) examples.push(fields);
    if (examples.length >= limit) break;
  }
  await addExamples(to.pk, to.tier, toId, examples);
}
