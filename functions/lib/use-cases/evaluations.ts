import { storedContent } from '@shared/chat';
import type { Evaluation, EvaluationColumn, EvaluationInput, EvaluationStatus } from '@shared/contract/evaluations';
import { getChecks } from '../data/checks';
import { getConnection } from '../data/connections';
import {
  type ColumnAsked,
  type ColumnSpec,
  createEvaluation,
  type EvaluationHeader,
  getEvaluation,
  listEvaluations,
  newEvaluationId,
  setStatus,
} from '../data/evaluations';
import { exampleIds } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import { type PromptItem, versionOf } from '../data/prompt';
import { getVersionItem, readPrompt } from '../data/versions';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import { logger } from '../http/log';
import { enqueue, enqueueBatch } from '../services/queue';
import { type EventInput, emitEvent } from './events';

/**
 * Evaluations (issue 29): POST resolves every column to what it runs (a version's content, a
 * label's version, a draft) and the examples to their ids, stores that as the evaluation's spec and
 * hands it to the `evaluation` worker (use-cases/evaluation-run.ts); a bad column or example id
 * answers 400 with nothing stored or queued. The gate reads the headers (use-cases/labels.ts).
 */
export const EVALUATIONS_RUNNING_MAX = 3;
export const NO_EXAMPLES = 'This prompt has no examples to evaluate: keep some first (Keep as example under a Run answer, or import them).';

/**
 * What a column runs: the content (a version's, a label's version's, a draft's) with its model
 * settings, on the product's model or a workspace connection (the column's, else the one the
 * settings name; null: the product's) and its model (the column's, else the settings', else the
 * connection's first: named when the column is resolved, so votes and results can say which).
 */
export async function resolveColumn(workspace: WorkspacePk, prompt: PromptItem, column: EvaluationInput['columns'][number], at: string): Promise<ColumnSpec> {
  const { version, content } = column.draft ? { version: null, content: storedContent(column.draft) } : await savedContent(workspace, prompt, column, at);
  const { connection_id: named, model: saved, ...settings } = content.config ?? {};
  const connectionId = column.connection_id !== undefined ? column.connection_id : (named ?? null);
  const listed = connectionId
    ? (
        await getConnection(workspace, connectionId).catch((error: unknown) => {
          throw error instanceof NotFoundError ? new BadRequestError(`${at}: connection not found.`) : error;
        })
      ).models?.[0]
    : undefined;
  return {
    version,
    ...(content.kind === 'chat' ? { kind: 'chat' as const, messages: content.messages } : {}),
    body: content.body,
    ...(Object.keys(settings).length ? { config: settings } : {}),
    // The product's model is the operator's: a saved model names a connection's.
    model: column.model ?? (connectionId ? (saved ?? listed) : undefined) ?? null,
    connection_id: connectionId,
  };
}

/** A version column's content as saved (the prompt's for its latest version, the snapshot's before). */
async function savedContent(workspace: WorkspacePk, prompt: PromptItem, column: EvaluationInput['columns'][number], at: string) {
  let version = column.version;
  if (column.label !== undefined) {
    version = prompt.labels?.[column.label];
    if (version === undefined) throw new BadRequestError(`${at}: this prompt has no label "${column.label}".`);
  }
  const latest = versionOf(prompt);
  if (version === latest) return { version, content: storedContent(prompt) };
  const snapshot = version! < latest ? await getVersionItem(workspace, prompt.id, version!) : undefined;
  if (!snapshot) throw new BadRequestError(`${at}: version ${version} does not exist.`);
  return { version: version!, content: storedContent(snapshot) };
}

export async function startEvaluation(
  workspace: WorkspaceRef,
  userId: string,
  prompt: PromptItem,
  input: EvaluationInput,
): Promise<{ id: string; status: 'queued' }> {
  const columns = await Promise.all(input.columns.map((c, i) => resolveColumn(workspace.pk, prompt, c, `Column ${i + 1}`)));
  const all = await exampleIds(workspace.pk, prompt.id);
  let ids = all;
  if (input.examples) {
    const known = new Set(all);
    const unknown = input.examples.find((id) => !known.has(id));
    if (unknown !== undefined) throw new BadRequestError(`Example ${unknown} is not one of this prompt's examples.`);
    ids = [...new Set(input.examples)];
  }
  if (!ids.length) throw new BadRequestError(NO_EXAMPLES);
  const running = (await listEvaluations(workspace.pk, prompt.id)).filter((e) => e.status === 'queued' || e.status === 'running');
  if (running.length >= EVALUATIONS_RUNNING_MAX)
    throw new ConflictError(`This prompt already has ${EVALUATIONS_RUNNING_MAX} evaluations running: wait for one to finish, or cancel one.`);

  const id = newEvaluationId();
  const asked: ColumnAsked[] = input.columns.map(({ version, label, draft, model, connection_id }) => ({
    ...(version !== undefined ? { version } : {}),
    ...(label !== undefined ? { label } : {}),
    ...(draft ? { draft } : {}),
    ...(model ? { model } : {}),
    ...(connection_id ? { connection_id } : {}),
  }));
  const header: EvaluationHeader = {
    id,
    prompt_id: prompt.id,
    status: 'queued',
    columns: asked,
    versions: columns.map((c) => c.version),
    suite_rev: prompt.suite_rev ?? 0,
    total: ids.length * columns.length,
    done: 0,
    detail: null,
    created_by: userId,
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  await createEvaluation(workspace.pk, header, { columns, checks: await getChecks(workspace.pk, prompt.id), example_ids: ids });
  try {
    await enqueue('evaluation', { workspace: workspace.pk, prompt_id: prompt.id, evaluation_id: id });
  } catch (error) {
    await endEvaluation(workspace.pk, header, 'failed', ['queued'], 'The evaluation could not be queued. Please try again.', workspace.author).catch(
      () => undefined,
    );
    throw error;
  }
  return { id, status: 'queued' };
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The header as the API answers it; `suiteRev` is the prompt's current suite revision (stale when it moved since). */
export function evaluationView(header: EvaluationHeader, suiteRev: number): Evaluation {
  const columns: EvaluationColumn[] = header.columns.map((asked, i) => {
    const c = (name: string) => num(header[`c${i}_${name}`]);
    const finished = c('passed') + c('failed');
    return {
      ...asked,
      ...(asked.version === undefined && header.versions[i] !== null ? { version: header.versions[i]! } : {}),
      pass_rate: finished ? c('passed') / finished : null,
      passed: c('passed'),
      failed: c('failed'),
      errors: c('errors'),
      mean_latency_ms: finished ? Math.round(c('latency') / finished) : null,
      tokens_in: c('tin'),
      tokens_out: c('tout'),
    };
  });
  return {
    id: header.id,
    status: header.status,
    progress: { done: num(header.done), total: header.total },
    columns,
    stale: header.suite_rev !== suiteRev,
    detail: header.detail ?? null,
    created_at: header.created_at,
    finished_at: header.finished_at ?? null,
  };
}

/** DELETE …/evaluations/{id}: a queued or running evaluation stops (409 when it has finished). */
export async function cancelEvaluation(workspace: WorkspaceRef, prompt: PromptItem, header: EvaluationHeader): Promise<Evaluation> {
  await endEvaluation(workspace.pk, header, 'cancelled', ['queued', 'running'], 'Cancelled.', workspace.author);
  return evaluationView(await getEvaluation(workspace.pk, prompt.id, header.id), prompt.suite_rev ?? 0);
}

type Ending = 'done' | 'failed' | 'cancelled';
/** Who ends an evaluation no person ended (a failure of the worker, a deleted account). */
export const CONSTRUCT = { name: 'Construct' };

/**
 * Ends an evaluation and tells it: the status moves only from `from` (409 otherwise), so each
 * evaluation ends, and is told, once. `evaluation.finished` carries how it ended, the pass rate of
 * its finished cells and each column's; telling it never fails the ending (logged instead).
 */
export async function endEvaluation(
  workspace: WorkspacePk,
  header: Pick<EvaluationHeader, 'prompt_id' | 'id'>,
  to: Ending,
  from: EvaluationStatus[],
  detail: string | null,
  actor: EventInput['actor'],
): Promise<void> {
  await setStatus(workspace, header, to, from, detail);
  try {
    const [ended, prompt] = await Promise.all([getEvaluation(workspace, header.prompt_id, header.id), readPrompt(workspace, header.prompt_id)]);
    const { columns } = evaluationView(ended, 0);
    const passed = columns.reduce((n, c) => n + c.passed, 0);
    const finished = passed + columns.reduce((n, c) => n + c.failed, 0);
    await emitEvent(workspace, {
      type: 'evaluation.finished',
      actor,
      prompt_id: header.prompt_id,
      ...(prompt ? { prompt_title: prompt.title } : {}),
      evaluation_id: header.id,
      status: to,
      ...(finished ? { pass_rate: passed / finished } : {}),
      detail: columns.map((c) => `${columnLabel(c)} ${c.pass_rate === null ? 'no results' : `${Math.round(c.pass_rate * 100)}%`}`).join(', '),
    });
  } catch (error) {
    logger.warn('evaluation.finished not told', { evaluationId: header.id, error: (error as Error).message });
  }
}

/** A column as a short name in the feed: `v3`, `production (v3)`, `draft`, with its model when named. */
const columnLabel = (c: EvaluationColumn) =>
  `${c.draft ? 'draft' : c.label ? `${c.label} (v${c.version})` : `v${c.version}`}${c.model ? ` on ${c.model}` : ''}`;

/**
 * After a prompt, an account or a team is deleted: each evaluation whose header went with it gets
 * a message, and the worker, finding no header, deletes the evaluation's own partition
 * (use-cases/evaluation-run.ts). Collect the ids before the headers go.
 */
export async function cleanUpEvaluations(workspace: WorkspacePk, ids: { prompt_id: string; evaluation_id: string }[]): Promise<void> {
  await enqueueBatch(
    'evaluation',
    ids.map((id) => ({ workspace, ...id })),
  );
}
