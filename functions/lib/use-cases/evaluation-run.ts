import { setTimeout as sleep } from 'node:timers/promises';
import { CompileError, compileChat, resolveStored, type StoredContext } from '@shared/compile';
import type { ModelConfig } from '@shared/contract/chat';
import { CELL_OUTPUT_MAX, type EvaluationResult } from '@shared/contract/evaluations';
import type { Example } from '@shared/contract/suite';
import { RUNS_PER_DAY } from '@shared/tiers';
import { parseVariables, renderTemplate, variableId } from '@shared/variables';
import { listSnippets } from '../data/context';
import {
  type ColumnSpec,
  deleteResults,
  doneCells,
  type EvaluationHeader,
  type EvaluationSpec,
  EvaluationStopped,
  getEvaluation,
  getSpec,
  recordCell,
  setStatus,
} from '../data/evaluations';
import { examplesByIds } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import { profileValuesOf } from '../data/profile-values';
import { acquireEvaluationSlot, MAX_CONCURRENT_RUNS, releaseEvaluationSlot, TOO_MANY_RUNS } from '../data/run-leases';
import { getUser, type UserRecord } from '../data/users';
import { authorOf } from '../data/workspace';
import { NotFoundError, TooManyRequestsError } from '../http/errors';
import { logger } from '../http/log';
import { type JudgeFn, runCheck } from '../services/checks';
import { readVerdict, verdictRequest } from '../services/engine/judge';
import { runModel } from '../services/engine/model';
import type { ModelPrompt, OpenConnection } from '../services/engine/types';
import { enqueue } from '../services/queue';
import { openConnection } from './connections';
import { CONSTRUCT, endEvaluation } from './evaluations';
import { takeRunAllowance } from './model-runs';
import { recordUsage } from './usage';

/**
 * Running an evaluation (the `evaluation` worker): every cell (example × column) not written yet
 * is filled, CELLS_AT_ONCE at a time (a person's run leases: use-cases/model-runs.ts), each written as it finishes (a crash loses at most the cells
 * in flight; a redelivery skips what is written). Each cell runs its column's content with its
 * settings (a chat column as messages with the example's history); a call on the product's model
 * takes a run of the starter's daily quota (when it is used up the evaluation fails with that
 * detail), one on a workspace connection a run lease only. A cancelled evaluation
 * stops at its next write. Before the worker's time-out the rest is handed to a new message.
 */
export const CELLS_AT_ONCE = MAX_CONCURRENT_RUNS;
const CELL_DEADLINE_MS = 60_000;
/** How long an evaluation waits for one of its workspace's slots before it asks again. */
const SLOT_WAIT_SECONDS = 2;

export interface RunBudget {
  /** Stop taking new cells after this time (ms since the epoch) and enqueue the rest. */
  until: number;
}

/**
 * What a cell fills its body with, by the workbench's rules (shared/compile.ts): the example's
 * INPUTs, SNIPPET values from the workspace's snippets and PROFILE values from the starter's
 * profile; renderTemplate gives each unfilled one its default. Never the global directives: a
 * suite is repeatable whoever runs it (docs/decisions.md).
 */
const valuesOf = (body: string, example: Example, context: StoredContext) =>
  Object.fromEntries(parseVariables(body).map((v) => [variableId(v), v.type === 'INPUT' ? example.inputs[v.key] : resolveStored(v, context)]));

/** One model call on the product's model (or the local engine, unpaced), its text read whole. */
async function callModel(
  prompt: ModelPrompt,
  config: ModelConfig = {},
  connection: OpenConnection | null = null,
): Promise<{ output: string; latency_ms: number; tokens_in: number; tokens_out: number; tokens_estimated?: boolean; model?: string; error?: string }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const run = await runModel({ prompt, config, connection, deadlineMs: CELL_DEADLINE_MS, paced: false });
    let output = '';
    let usage = { tokens_in: 0, tokens_out: 0, tokens_estimated: false };
    let error: string | undefined;
    for await (const event of run.events) {
      if (event.type === 'text') output += event.delta;
      else if (event.type === 'tool_call') output += `${event.name}(${event.arguments})`;
      else if (event.type === 'usage') usage = { tokens_in: event.tokens_in, tokens_out: event.tokens_out, tokens_estimated: event.estimated === true };
      else if (event.type === 'error') error = event.detail;
      else if (event.type === 'end' && event.outcome === 'deadline') error = 'The model did not finish in time.';
    }
    return { output, latency_ms: elapsed(), ...usage, model: run.model, ...(error ? { error } : {}) };
  } catch (error) {
    return { output: '', latency_ms: elapsed(), tokens_in: 0, tokens_out: 0, error: (error as Error).message || 'The model call failed.' };
  }
}

/**
 * The `judge` check of a column: the column's model on the column's connection (Construct's model
 * without one) scores the answer against the rubric, one more model call with its own allowance
 * (a run of the quota, or a lease on the connection). The local engine judges repeatably.
 */
const judgeOn =
  (user: UserRecord, connection: OpenConnection | null, model: string | undefined): JudgeFn =>
  async (rubric, answer) => {
    const request = verdictRequest(rubric, answer);
    const taken = await allowance(user, Boolean(connection));
    const { output, error } = await callModel({ kind: 'chat', messages: request.messages }, { ...request.config, ...(model ? { model } : {}) }, connection);
    if (error && !output) await taken.refund();
    else taken.release();
    if (error) return { pass: false, reason: `The judge failed: ${error}` };
    return readVerdict(output) ?? { pass: false, reason: 'The judge gave no verdict.' };
  };

/** A run of the day's quota, or a lease on a connection (use-cases/model-runs.ts decides); a lease held elsewhere is waited for. */
async function allowance(user: UserRecord, onConnection: boolean) {
  for (;;) {
    try {
      return await takeRunAllowance(user, { onConnection, holdMs: CELL_DEADLINE_MS + 5_000 });
    } catch (error) {
      // The day's quota used up ends the evaluation; a lease held elsewhere, or lost in a race for the lease item, is waited for.
      if (error instanceof TooManyRequestsError && error.message !== TOO_MANY_RUNS) throw error;
      await sleep(200 + Math.random() * 300);
    }
  }
}

/** What a column sends for one example: a text prompt's filled text, or a chat prompt's filled messages with the example's history. */
function promptFor(column: ColumnSpec, example: Example, context: StoredContext): ModelPrompt {
  if (column.kind === 'chat') return { kind: 'chat', messages: compileChat(column.messages ?? [], example.inputs, context, undefined, example.history) };
  return { kind: 'text', text: renderTemplate(column.body, valuesOf(column.body, example, context)) };
}

/** The connections the columns run on, opened once per worker run; one deleted since fails its cells. */
type OpenColumns = Map<string, OpenConnection | Error>;

async function fillCell(
  at: { workspace: WorkspacePk; promptId: string },
  user: UserRecord,
  context: StoredContext,
  spec: EvaluationSpec,
  column: ColumnSpec,
  connections: OpenColumns,
  index: number,
  example: Example | undefined,
  exampleId: string,
) {
  const base = { example_id: exampleId, column: index, checks: [], tokens_in: 0, tokens_out: 0, latency_ms: 0 };
  if (!example) return { ...base, output: '', pass: false, error: 'The example was deleted.' } satisfies EvaluationResult;
  const connection = column.connection_id ? connections.get(column.connection_id) : null;
  if (connection instanceof Error) return { ...base, output: '', pass: false, error: connection.message } satisfies EvaluationResult;
  let prompt: ModelPrompt;
  try {
    prompt = promptFor(column, example, context);
  } catch (error) {
    if (error instanceof CompileError) return { ...base, output: '', pass: false, error: error.message } satisfies EvaluationResult;
    throw error;
  }
  const taken = await allowance(user, Boolean(connection));
  const config = { ...column.config, ...(column.model ? { model: column.model } : {}) };
  const call = await callModel(prompt, config, connection ?? null);
  if (call.error && !call.output) await taken.refund();
  else taken.release();
  // Counted as the version's use from evaluations (a draft column: version 0), after the call.
  recordUsage({
    workspace: at.workspace,
    prompt_id: at.promptId,
    version: column.version ?? 0,
    channel: 'evaluation',
    kind: 'run',
    tokens_in: call.tokens_in,
    tokens_out: call.tokens_out,
    tokens_estimated: call.tokens_estimated === true,
    latency_ms: call.latency_ms,
    ...(call.model ? { model: call.model } : {}),
    error: Boolean(call.error),
  });
  const output = call.output.length > CELL_OUTPUT_MAX ? `${call.output.slice(0, CELL_OUTPUT_MAX)}…` : call.output;
  const judge = judgeOn(user, connection ?? null, config.model);
  const checks = call.error ? [] : await Promise.all(spec.checks.map((c) => runCheck(c, call.output, example.expected, judge)));
  const result: EvaluationResult = {
    ...base,
    output,
    checks,
    pass: !call.error && checks.every((c) => c.pass),
    latency_ms: call.latency_ms,
    tokens_in: call.tokens_in,
    tokens_out: call.tokens_out,
    ...(call.error ? { error: call.error } : {}),
  };
  return result;
}

async function openColumns(workspace: WorkspacePk, columns: ColumnSpec[]): Promise<OpenColumns> {
  const ids = [...new Set(columns.flatMap((c) => (c.connection_id ? [c.connection_id] : [])))];
  const opened = await Promise.all(
    ids.map((id) =>
      openConnection({ pk: workspace }, id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return new Error('The connection was deleted.');
        throw error;
      }),
    ),
  );
  return new Map(ids.map((id, i) => [id, opened[i]!]));
}

/** Runs what is left of one evaluation; resolves once it is finished, stopped, or handed on. */
export async function runEvaluation(workspace: WorkspacePk, promptId: string, evaluationId: string, budget: RunBudget): Promise<void> {
  const found = await getEvaluation(workspace, promptId, evaluationId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  // Its prompt, account or team was deleted (cleanUpEvaluations): its own partition goes too.
  if (!found) return void (await deleteResults(evaluationId));
  if (found.status !== 'queued' && found.status !== 'running') return;
  // A workspace runs at most WORKSPACE_EVALUATIONS_AT_ONCE evaluations at once: the others wait, queued, for a slot.
  const slot = await acquireEvaluationSlot(workspace, Math.max(0, budget.until - Date.now()) + CELL_DEADLINE_MS).catch((error: unknown) => {
    if (error instanceof TooManyRequestsError) return null;
    throw error;
  });
  if (!slot) return void (await enqueue('evaluation', { workspace, prompt_id: promptId, evaluation_id: evaluationId }, { delaySeconds: SLOT_WAIT_SECONDS }));
  try {
    await runHeld(workspace, found, budget);
  } finally {
    await releaseEvaluationSlot(workspace, slot);
  }
}

/** Fills what is left of an evaluation whose workspace slot is held. */
async function runHeld(workspace: WorkspacePk, header: EvaluationHeader, budget: RunBudget): Promise<void> {
  const { prompt_id: promptId, id: evaluationId } = header;
  if (header.status === 'queued') await setStatus(workspace, header, 'running', ['queued', 'running']);
  const [spec, done] = await Promise.all([getSpec(evaluationId), doneCells(evaluationId)]);
  const user = await getUser(header.created_by);
  if (!user) return endEvaluation(workspace, header, 'failed', ['running'], 'The person who started this evaluation no longer has an account.', CONSTRUCT);
  const starter = authorOf(user);
  if (RUNS_PER_DAY[user.access_tier] === 0) return endEvaluation(workspace, header, 'failed', ['running'], 'Your plan includes no runs.', starter);
  // Snippets are the workspace's, PROFILE values the starter's own (as the workbench and the registry fill them).
  const [snippets, profile] = await Promise.all([listSnippets(workspace), profileValuesOf(user)]);
  const context: StoredContext = { snippets, profile };
  const connections = await openColumns(workspace, spec.columns);

  const todo = spec.example_ids.flatMap((id) => spec.columns.map((_, column) => ({ id, column }))).filter((c) => !done.has(`${c.id}#${c.column}`));
  let next = 0;
  let stop: 'handed-on' | 'stopped' | 'quota' | null = null;
  let quotaDetail = '';
  const loaded = new Map<string, Example | undefined>();
  const load = async (from: number) => {
    const ids = [...new Set(todo.slice(from, from + 200).map((c) => c.id))].filter((id) => !loaded.has(id));
    if (!ids.length) return;
    const found = await examplesByIds(workspace, promptId, ids);
    for (const id of ids) loaded.set(id, found.get(id));
  };

  const lane = async () => {
    while (!stop && next < todo.length) {
      if (Date.now() > budget.until) {
        stop = 'handed-on';
        return;
      }
      const at = next++;
      const cell = todo[at]!;
      if (!loaded.has(cell.id)) await load(at);
      try {
        const result = await fillCell(
          { workspace, promptId },
          user,
          context,
          spec,
          spec.columns[cell.column]!,
          connections,
          cell.column,
          loaded.get(cell.id),
          cell.id,
        );
        await recordCell(workspace, header, result);
      } catch (error) {
        if (error instanceof EvaluationStopped) stop = 'stopped';
        else if (error instanceof TooManyRequestsError) {
          stop = 'quota';
          quotaDetail = error.message;
        } else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: CELLS_AT_ONCE }, lane));

  if (stop === 'stopped') return;
  if (stop === 'quota') return endEvaluation(workspace, header, 'failed', ['running'], quotaDetail, starter).catch(() => undefined);
  if (stop === 'handed-on') {
    await enqueue('evaluation', { workspace, prompt_id: promptId, evaluation_id: evaluationId });
    return;
  }
  await endEvaluation(workspace, header, 'done', ['running'], null, starter).catch((error) =>
    logger.warn('Evaluation not marked done', { evaluationId, error: (error as Error).message }),
  );
}
