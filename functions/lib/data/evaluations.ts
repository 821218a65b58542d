import { randomBytes } from 'node:crypto';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import type { EvaluationResult, EvaluationStatus } from '@shared/contract/evaluations';
import type { Check } from '@shared/contract/suite';
import { ConflictError, NotFoundError } from '../http/errors';
import { batchWrite, getItem, type Item, queryAll, queryPages } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { ANSWER_BYTES_MAX, decodeCursor, encodeCursor } from './paging';
import { deletePartition } from './partitions';
import { failing, transact, write } from './transactions';

/**
 * Evaluations (issue 29), the only writer of their items:
 * - the header, in the workspace's partition after `VERSION#` (`XEVAL#<prompt id>#<id>`): status,
 *   the columns as asked, the suite revision it started on, and counters per column that move
 *   with each cell (so progress and pass rates read from one small item);
 * - the spec and the results, in a partition of the evaluation's own (`EVAL#<id>`), so the writes of
 *   a large evaluation never meet other traffic: `SPEC` (what each column runs, the checks, the
 *   example ids: written once) and one item per cell `R#<example id>#<column>`.
 * A cell's result and its counters are one transaction, conditioned on the result being new and the
 * evaluation still running: a redelivered message never counts a cell twice, and a cancelled
 * evaluation takes no more results.
 */
export const EVAL_SK = 'XEVAL#';
export const EVALUATION_NOT_FOUND = 'Evaluation not found.';
const NOT_RUNNING = 'This evaluation is not running.';

export const evaluationKeys = {
  header: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `${EVAL_SK}${promptId}#${id}` }),
  prefix: (promptId: string) => `${EVAL_SK}${promptId}#`,
  results: (id: string) => `EVAL#${id}`,
  spec: (id: string) => ({ pk: `EVAL#${id}`, sk: 'SPEC' }),
  cell: (id: string, exampleId: string, column: number) => ({ pk: `EVAL#${id}`, sk: `R#${exampleId}#${column}` }),
};

export const evaluationPreload = {
  evaluation: ({ params, workspace }: PreloadInput<'id' | 'evaluation_id'>) => evaluationKeys.header(workspace, params.id, params.evaluation_id),
};

/** What a column runs, resolved when the evaluation is made (specs written before chat columns have body only: text). */
export interface ColumnSpec {
  /** The version run (null: a draft). */
  version: number | null;
  /** Absent: text. */
  kind?: PromptKind;
  /** A text prompt's body; a chat prompt's transcript. */
  body: string;
  messages?: ChatMessage[];
  /** The settings it runs with, without model and connection (those are the next two). */
  config?: ModelConfig;
  model: string | null;
  connection_id: string | null;
}

export interface EvaluationSpec {
  columns: ColumnSpec[];
  checks: Check[];
  example_ids: string[];
}

/** A column as asked (the answer repeats it), with what it resolved to. */
export interface ColumnAsked {
  version?: number;
  label?: string;
  draft?: { kind?: PromptKind; body?: string; messages?: ChatMessage[]; config?: ModelConfig };
  model?: string;
  connection_id?: string | null;
}

export interface EvaluationHeader {
  id: string;
  prompt_id: string;
  status: EvaluationStatus;
  columns: ColumnAsked[];
  /** The versions the columns ran (null: a draft), for the gate. */
  versions: (number | null)[];
  suite_rev: number;
  total: number;
  done?: number;
  detail?: string | null;
  created_by: string;
  created_at: string;
  finished_at?: string | null;
  [counter: string]: unknown;
}

/** Ids sort by time: the newest evaluation is the last. */
export const newEvaluationId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;

export const headerFrom = (item: Item | undefined): EvaluationHeader => {
  if (item?.type !== 'evaluation') throw new NotFoundError(EVALUATION_NOT_FOUND);
  return item as unknown as EvaluationHeader;
};

/** The header and the spec, written together. */
export async function createEvaluation(workspace: WorkspacePk, header: EvaluationHeader, spec: EvaluationSpec): Promise<void> {
  await transact([
    {
      put: {
        Item: { ...evaluationKeys.header(workspace, header.prompt_id, header.id), type: 'evaluation', ...header },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      put: {
        Item: { ...evaluationKeys.spec(header.id), type: 'evaluation_spec', workspace, prompt_id: header.prompt_id, ...spec },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

export const getEvaluation = async (workspace: WorkspacePk, promptId: string, id: string) =>
  headerFrom(await getItem(evaluationKeys.header(workspace, promptId, id), { consistent: true }));

export async function getSpec(id: string): Promise<EvaluationSpec> {
  const item = await getItem(evaluationKeys.spec(id), { consistent: true });
  if (!item) throw new NotFoundError(EVALUATION_NOT_FOUND);
  return item as unknown as EvaluationSpec;
}

/** Access pattern: a prompt's evaluations, newest first, at most `limit`. */
export async function listEvaluations(workspace: WorkspacePk, promptId: string, limit = 50): Promise<EvaluationHeader[]> {
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': evaluationKeys.prefix(promptId) },
    ScanIndexForward: false,
    ConsistentRead: true,
    Limit: limit,
  }))
    return page as unknown as EvaluationHeader[];
  return [];
}

/** Moves the status: `from` the statuses it may leave (409 otherwise). */
export async function setStatus(
  workspace: WorkspacePk,
  header: Pick<EvaluationHeader, 'prompt_id' | 'id'>,
  to: EvaluationStatus,
  from: EvaluationStatus[],
  detail: string | null = null,
): Promise<void> {
  const finished = to === 'done' || to === 'failed' || to === 'cancelled';
  await write({
    update: {
      Key: evaluationKeys.header(workspace, header.prompt_id, header.id),
      UpdateExpression: finished ? 'SET #s = :to, finished_at = :now, detail = :detail' : 'SET #s = :to',
      ConditionExpression: `#s IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
        ...(finished ? { ':now': new Date().toISOString(), ':detail': detail } : {}),
      },
    },
    onFail: () => new ConflictError(to === 'cancelled' ? 'This evaluation has finished: there is nothing to cancel.' : NOT_RUNNING),
  });
}

/** The cells already written (a redelivered message skips them). */
export async function doneCells(id: string): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
    ExpressionAttributeValues: { ':pk': evaluationKeys.results(id), ':r': 'R#' },
    ProjectionExpression: 'sk',
  });
  return new Set(items.map((i) => String(i.sk).slice(2)));
}

export class EvaluationStopped extends Error {}

/** One cell's result with its column's counters; EvaluationStopped when it is no longer running. Returns false when the cell was there already. */
export async function recordCell(workspace: WorkspacePk, header: Pick<EvaluationHeader, 'prompt_id' | 'id'>, result: EvaluationResult): Promise<boolean> {
  const c = `c${result.column}_`;
  const exists = new Error('cell written already');
  try {
    await transact([
      failing(
        {
          put: {
            Item: { ...evaluationKeys.cell(header.id, result.example_id, result.column), type: 'evaluation_result', ...result },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        () => exists,
      ),
      failing(
        {
          update: {
            Key: evaluationKeys.header(workspace, header.prompt_id, header.id),
            UpdateExpression: `ADD done :one, ${c}passed :p, ${c}failed :f, ${c}errors :e, ${c}latency :l, ${c}tin :ti, ${c}tout :to`,
            ConditionExpression: '#s = :running',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':p': result.pass ? 1 : 0,
              ':f': result.pass ? 0 : 1,
              ':e': result.error ? 1 : 0,
              ':l': result.latency_ms,
              ':ti': result.tokens_in,
              ':to': result.tokens_out,
              ':running': 'running',
            },
          },
        },
        () => new EvaluationStopped(),
      ),
    ]);
    return true;
  } catch (error) {
    if (error === exists) return false;
    throw error;
  }
}

/** A page of results in example order, at most 900 KB; the cursor is the last cell served, signed for this evaluation. */
export async function pageResults(id: string, cursor: string | undefined): Promise<{ results: EvaluationResult[]; next: string | null }> {
  const list = `evaluation:${id}`;
  const after = cursor === undefined ? 'R#' : await decodeCursor(list, cursor);
  const results: EvaluationResult[] = [];
  let bytes = 0;
  let last = after;
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': evaluationKeys.results(id), ':from': `${after}\u0001`, ':to': 'R#~' },
    Limit: 200,
  })) {
    for (const item of page) {
      const { pk: _pk, sk, type: _type, ...result } = item;
      const size = Buffer.byteLength(JSON.stringify(result)) + 1;
      if (results.length && bytes + size > ANSWER_BYTES_MAX) return { results, next: await encodeCursor(list, last) };
      results.push(result as unknown as EvaluationResult);
      bytes += size;
      last = String(sk);
    }
  }
  return { results, next: null };
}

/** The ids of the evaluations whose headers are in a workspace's partition (of one prompt, or all): what a deletion hands to the worker to clean. */
export async function evaluationIdsIn(workspace: WorkspacePk, promptId?: string): Promise<{ prompt_id: string; evaluation_id: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': promptId === undefined ? EVAL_SK : evaluationKeys.prefix(promptId) },
    ProjectionExpression: 'id, prompt_id',
    ConsistentRead: true,
  });
  return items.map((item) => ({ prompt_id: String(item.prompt_id), evaluation_id: String(item.id) }));
}

/**
 * Deletes the headers of a deleted prompt's evaluations and answers their ids. Once its header is
 * gone an evaluation takes no more cells (recordCell's condition), and the worker deletes its
 * partition (deleteResults) when a message for it comes.
 */
export async function deleteEvaluationsOf(workspace: WorkspacePk, promptId: string): Promise<{ prompt_id: string; evaluation_id: string }[]> {
  const ids = await evaluationIdsIn(workspace, promptId);
  await batchWrite(ids.map((id) => ({ DeleteRequest: { Key: evaluationKeys.header(workspace, promptId, id.evaluation_id) } })));
  return ids;
}

/** Deletes an evaluation's own partition (its spec and every cell): only once its header is gone. */
export const deleteResults = (id: string) => deletePartition(evaluationKeys.results(id), 'pk, sk', () => []);
