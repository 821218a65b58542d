import { randomUUID } from 'node:crypto';
import { storedContent } from '@shared/chat';
import type { PromptInput } from '@shared/contract/prompts';
import { categoryExists } from '../data/category';
import { removeChecksPart } from '../data/checks';
import { deleteEvaluationsOf } from '../data/evaluations';
import { deleteExamplesOf } from '../data/examples';
import { deleteJudgementsOf } from '../data/judgements';
import type { WorkspacePk } from '../data/keys';
import { deletePrompt, type PromptItem, promptPut } from '../data/prompt';
import { SlugTaken, slugParts, withNewSlug } from '../data/slugs';
import { failing, transact } from '../data/transactions';
import { holderParts, type WorkspaceRef } from '../data/workspace';
import { cleanUpEvaluations } from './evaluations';
import { dropUnwrittenSuite, type NewSuite, suiteCounters, writeSuiteFirst } from './suite-copy';

/**
 * A new prompt (POST /prompts/, copies, forks of library and shared prompts): one transaction of
 * the workspace's plan slot (403 at the limit), the prompt item, its slug claim (a slug of its own
 * made from the title: withNewSlug tries the next free one when taken) and, when it is filed in a
 * category, the check that the category exists (404). A `suite` (a copy's, a fork's) is written
 * first under the new id and the prompt's put carries its counters, so a prompt never exists
 * without it; a failed prompt write deletes it again (suite-copy.ts, as an import does).
 */
export async function createPrompt(
  workspace: WorkspaceRef,
  input: PromptInput & Pick<PromptItem, 'forked_from' | 'forked_revision' | 'version_source' | 'forked_tier'>,
  suite?: NewSuite,
): Promise<PromptItem> {
  const id = randomUUID();
  if (!suite) return putNewPrompt(workspace, id, input);
  try {
    await writeSuiteFirst(workspace.pk, id, suite.checks, suite.examples, suite.dismissed);
    return await putNewPrompt(workspace, id, input, suiteCounters(suite));
  } catch (error) {
    await dropUnwrittenSuite(workspace.pk, id);
    throw error;
  }
}

function putNewPrompt(
  workspace: WorkspaceRef,
  id: string,
  input: Parameters<typeof createPrompt>[1],
  counters: Pick<PromptItem, 'examples_used' | 'suite_rev'> = {},
): Promise<PromptItem> {
  const now = new Date().toISOString();
  const { kind, body, messages, config, ...rest } = input;
  return withNewSlug(workspace.pk, input.title, async (slug) => {
    const prompt: PromptItem = {
      id,
      ...rest,
      // A chat prompt's body is its transcript; kind/messages/config are stored only when they say something.
      ...storedContent({ kind, body, messages, config }),
      slug,
      version: 1,
      version_source: input.version_source ?? { kind: 'create' },
      version_by: workspace.author,
      created_at: now,
      updated_at: now,
      ...counters,
    };
    await transact([
      holderParts.claimSlot(workspace, 'max_prompts'),
      promptPut(workspace.pk, prompt),
      failing(slugParts.claim(workspace.pk, slug, prompt.id), () => new SlugTaken()),
      ...(prompt.category_id ? [categoryExists(workspace.pk, prompt.category_id)] : []),
    ]);
    return prompt;
  });
}

/**
 * DELETE /prompts/{id}: the prompt with its versions, slug claim, share link and checks in one
 * transaction (data/prompt.ts), then its examples, its compare sessions, votes and feedback, and
 * its evaluations' headers, whose own
 * partitions the evaluation worker deletes (cleanUpEvaluations). A repeated delete finishes what
 * a crash left of them.
 */
export async function removePrompt(workspace: WorkspacePk, promptId: string, known: PromptItem | null | undefined): Promise<void> {
  await deletePrompt(workspace, promptId, known, [removeChecksPart(workspace, promptId)]);
  const evaluations = await deleteEvaluationsOf(workspace, promptId);
  await deleteExamplesOf(workspace, promptId);
  await deleteJudgementsOf(workspace, promptId);
  await cleanUpEvaluations(workspace, evaluations);
}
