import type { Evaluation } from '@shared/contract/evaluations';
import type { PushRequest, RegistryEvaluationCreated, RegistryEvaluationInput, RegistryPrompt } from '@shared/contract/registry';
import type { Item } from '../data/db';
import { getEvaluation } from '../data/evaluations';
import { changePrompt, contentOf, type PromptItem, versionOf } from '../data/prompt';
import type { WorkspaceRef } from '../data/workspace';
import { ConflictError } from '../http/errors';
import { checkConfigSchemas } from '../services/json-schema';
import { evaluationView, startEvaluation } from './evaluations';
import { emitEvent } from './events';
import { resolvePrompt } from './registry';

/**
 * What an API key may change, for the CLI (cli/): a new version of a prompt's content from the
 * version the edit started from, and an evaluation of a version or label. Everything else about a
 * prompt (tags, category, slug, labels, deletion) stays with a signed-in person.
 */
export const STALE_PUSH = (slug: string, base: number, latest: number) =>
  `${slug} is at version ${latest} on the server, and your file was pulled at version ${base}: pull again (construct pull), redo your change and push.`;

/** A new version of the content (409 when the prompt moved past base_version); `created` is false when the content is the same. */
export async function pushVersion(
  workspace: WorkspaceRef,
  slug: string,
  claim: Item | undefined,
  input: PushRequest,
): Promise<{ created: boolean; view: RegistryPrompt }> {
  checkConfigSchemas(input.config);
  const { prompt } = await resolvePrompt({ workspace: workspace.pk, slug, claim, selector: {} });
  const saved = await changePrompt(
    workspace.pk,
    prompt.id,
    (current) => {
      if (versionOf(current) !== input.base_version) throw new ConflictError(STALE_PUSH(slug, input.base_version, versionOf(current)));
      const { title = current.title, kind, body, messages, config } = input;
      return {
        content: contentOf({ title, kind, body, messages, config, tasks: current.tasks ?? [], industries: current.industries ?? [] }),
        by: workspace.author,
      };
    },
    prompt,
  );
  const created = versionOf(saved) !== input.base_version;
  if (created)
    await emitEvent(workspace.pk, {
      type: 'prompt.version.created',
      actor: workspace.author,
      prompt_id: saved.id,
      prompt_title: saved.title,
      version: versionOf(saved),
    });
  // Read back as the registry answers it: the latest version, which is the one just written.
  const { view } = await resolvePrompt({ workspace: workspace.pk, slug, claim, selector: {} });
  return { created, view };
}

/** The gate a label's evaluation is judged by: its protection's min_pass_rate when it requires checks. */
function gateOf(prompt: PromptItem, label: string | undefined): RegistryEvaluationCreated['gate'] {
  const protection = label === undefined ? undefined : prompt.label_protection?.[label];
  return label !== undefined && protection?.require_checks ? { label, min_pass_rate: protection.min_pass_rate } : null;
}

/** Queues an evaluation of one version (the label's, the one named, or the latest) on the prompt's examples and checks. */
export async function evaluateBySlug(
  workspace: WorkspaceRef,
  userId: string,
  slug: string,
  claim: Item | undefined,
  input: RegistryEvaluationInput,
): Promise<RegistryEvaluationCreated> {
  const { prompt, view } = await resolvePrompt({ workspace: workspace.pk, slug, claim, selector: input });
  const column = input.label !== undefined ? { label: input.label } : { version: view.version };
  const { id, status } = await startEvaluation(workspace, userId, prompt, { columns: [column] });
  return { id, status, version: view.version, gate: gateOf(prompt, input.label) };
}

/** One evaluation of the prompt the slug names (404 for another prompt's). */
export async function evaluationBySlug(workspace: WorkspaceRef, slug: string, claim: Item | undefined, evaluationId: string): Promise<Evaluation> {
  const { prompt } = await resolvePrompt({ workspace: workspace.pk, slug, claim, selector: {} });
  return evaluationView(await getEvaluation(workspace.pk, prompt.id, evaluationId), prompt.suite_rev ?? 0);
}
