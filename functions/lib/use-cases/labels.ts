import type { LabelProtectionInput } from '@shared/contract/suite';
import { listEvaluations } from '../data/evaluations';
import type { WorkspacePk } from '../data/keys';
import { setLabel } from '../data/labels';
import { type PromptItem, promptParts } from '../data/prompt';
import { failing, transact } from '../data/transactions';
import type { WorkspaceRef } from '../data/workspace';
import { ConflictError, ForbiddenError } from '../http/errors';
import { emitEvent } from './events';

/**
 * The ONE place that decides whether a label may move (LOOP.md, "Suite and gate"): the label
 * route (session or API key), review merges and the CLI all call moveLabel. A protected label
 * (`require_checks`) moves to a version only with a finished evaluation of that version on the
 * prompt's current suite (its suite revision unchanged since) whose pass rate is at least
 * `min_pass_rate`; otherwise 409 with the reason and the evaluation to look at. An owner may pass
 * `force`; each move of a protected label is recorded with who made it and whether it was forced.
 * A label whose protection says `require_review` moves only by merging an approved review (issue 31):
 * the merge passes `reviewed`, and the checks above must still hold.
 */
export class GateRefused extends ConflictError {
  constructor(
    detail: string,
    readonly evaluationId?: string,
  ) {
    super(detail);
  }
  override toJSON() {
    return { detail: this.detail, ...(this.evaluationId ? { evaluation_id: this.evaluationId } : {}) };
  }
}

export const REVIEW_REQUIRED = (label: string) =>
  `The label "${label}" is protected: it moves only by merging an approved review. Open one with POST /prompts/{id}/reviews.`;
export const FORCE_OWNERS_ONLY = 'Only an owner can force a protected label past its checks.';
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Why the label may not move to `version` now (null: it may). */
async function refusal(workspace: WorkspacePk, prompt: PromptItem, label: string, version: number): Promise<GateRefused | null> {
  const protection = prompt.label_protection?.[label];
  if (!protection?.require_checks) return null;
  const at = `The label "${label}" is protected: version ${version}`;
  // Columns of this version on the prompt's own model (a column on another model says nothing of production).
  const ofVersion = (await listEvaluations(workspace, prompt.id)).filter((e) => e.versions.some((v, i) => v === version && !e.columns[i]?.model));
  const newest = ofVersion[0];
  if (!newest) return new GateRefused(`${at} needs a finished evaluation on the prompt's current examples and checks first.`);
  const suiteRev = prompt.suite_rev ?? 0;
  for (const evaluation of ofVersion) {
    if (evaluation.status !== 'done' || evaluation.suite_rev !== suiteRev) continue;
    const rates = evaluation.versions.flatMap((v, i) => {
      if (v !== version || evaluation.columns[i]?.model) return [];
      const passed = Number(evaluation[`c${i}_passed`] ?? 0);
      const failed = Number(evaluation[`c${i}_failed`] ?? 0);
      return passed + failed ? [passed / (passed + failed)] : [];
    });
    const best = Math.max(...rates, -1);
    if (best >= protection.min_pass_rate) return null;
    return new GateRefused(
      `${at} passed ${percent(Math.max(best, 0))} of its examples in its last evaluation, below the ${percent(protection.min_pass_rate)} required.`,
      evaluation.id,
    );
  }
  if (newest.status === 'queued' || newest.status === 'running') return new GateRefused(`${at}: its evaluation has not finished yet.`, newest.id);
  if (newest.status === 'done') return new GateRefused(`${at}: its last evaluation is stale (the examples or checks changed since). Run it again.`, newest.id);
  return new GateRefused(`${at} needs a finished evaluation on the prompt's current examples and checks first.`, newest.id);
}

/** Moves (or pins) a label, through the gate when it is protected. */
export async function moveLabel({
  workspace,
  prompt,
  label,
  version,
  force = false,
  reviewed = false,
}: {
  workspace: WorkspaceRef;
  prompt: PromptItem;
  label: string;
  version: number;
  force?: boolean;
  /** The move is the merge of an approved review of this version (use-cases/reviews.ts). */
  reviewed?: boolean;
}): Promise<Record<string, number>> {
  // A label that requires a review moves only by merging an approved one: no one forces past it.
  if (prompt.label_protection?.[label]?.require_review && !reviewed) throw new GateRefused(REVIEW_REQUIRED(label));
  const refused = await refusal(workspace.pk, prompt, label, version);
  if (refused && !force) throw refused;
  if (refused && workspace.role !== 'owner') throw new ForbiddenError(FORCE_OWNERS_ONLY);
  const protectedLabel = !!(prompt.label_protection?.[label]?.require_checks || prompt.label_protection?.[label]?.require_review);
  const labels = await setLabel({
    workspace: workspace.pk,
    promptId: prompt.id,
    label,
    version,
    known: prompt as unknown as Record<string, unknown>,
    ...(protectedLabel ? { log: { label, version, by: workspace.author, at: new Date().toISOString(), forced: !!refused } } : {}),
  });
  if (prompt.labels?.[label] !== version)
    await emitEvent(workspace.pk, {
      type: 'prompt.label.moved',
      actor: workspace.author,
      prompt_id: prompt.id,
      prompt_title: prompt.title,
      label,
      version,
      ...(refused ? { forced: true } : {}),
    });
  return labels;
}

/** Sets or clears a label's protection; answers it. */
export async function protectLabel(workspace: WorkspacePk, prompt: PromptItem, label: string, input: LabelProtectionInput) {
  const before = prompt.label_protection;
  const after = { ...(before ?? {}) };
  const protection = {
    require_checks: input.require_checks,
    min_pass_rate: input.min_pass_rate ?? 1,
    ...(input.require_review ? { require_review: true } : {}),
  };
  if (input.require_checks || input.require_review) after[label] = protection;
  else delete after[label];
  await transact([
    failing(promptParts.protect(workspace, prompt.id, before, after), () => new ConflictError('This prompt was changed by another request. Please try again.')),
  ]);
  return { label, ...protection };
}
