import type { Check } from '@shared/contract/suite';
import { getItem, queryAll } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { promptParts } from './prompt';
import { failing, type Part, transact, write } from './transactions';

/**
 * A prompt's checks (issue 29): one item per prompt holding the whole list (at most CHECKS_MAX),
 * after `VERSION#` so the workspace Query never reads it. Every write moves the item's `rev`, so a
 * write made from a read (a library pull adding its checks) can be conditioned on nothing having
 * changed since; a save of the list moves the prompt's suite revision in the same transaction.
 * This module is its only writer.
 */
export const CHECKS_SK = 'XCHECKS#';
export const checksKey = (workspace: WorkspacePk, promptId: string) => ({ pk: workspace as string, sk: `${CHECKS_SK}${promptId}` });

/** For a route's `preload`: the checks of the prompt named by the path. */
export const checksPreload = { checks: ({ params, workspace }: PreloadInput<'id'>) => checksKey(workspace, params.id) };

/** The stored list and its revision: null when the prompt has no checks item, 0 for one written before revisions. */
export interface CheckList {
  checks: Check[];
  rev: number | null;
}

export const checkListFrom = (item: Record<string, unknown> | undefined): CheckList =>
  item?.type === 'prompt_checks'
    ? { checks: (item.checks as Check[] | undefined) ?? [], rev: (item.rev as number | undefined) ?? 0 }
    : { checks: [], rev: null };
export const checksFrom = (item: Record<string, unknown> | undefined): Check[] => checkListFrom(item).checks;

export const getCheckList = async (workspace: WorkspacePk, promptId: string) =>
  checkListFrom(await getItem(checksKey(workspace, promptId), { consistent: true }));
export const getChecks = async (workspace: WorkspacePk, promptId: string) => (await getCheckList(workspace, promptId)).checks;

/** Access pattern: every prompt's checks in a workspace (one Query on `XCHECKS#`: a prompts export). */
export async function workspaceChecks(workspace: WorkspacePk): Promise<Map<string, Check[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': CHECKS_SK },
  });
  return new Map(items.map((item) => [String(item.prompt_id), checksFrom(item)]));
}

/** The item's state still the one read (`rev` of a CheckList). */
const unchanged = (rev: number | null) =>
  rev === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : rev === 0
      ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#rev)', ExpressionAttributeNames: { '#rev': 'rev' } }
      : { ConditionExpression: '#rev = :seen', ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':seen': rev } };

/** The list written (created or replaced), the item's revision moved; under `condition` when given. */
function listPart(workspace: WorkspacePk, promptId: string, checks: Check[], condition?: ReturnType<typeof unchanged>): Part {
  return {
    update: {
      Key: checksKey(workspace, promptId),
      UpdateExpression: 'SET #type = :type, prompt_id = :prompt, checks = :checks, updated_at = :now ADD #rev :one',
      ...condition,
      ExpressionAttributeNames: { '#type': 'type', '#rev': 'rev' },
      ExpressionAttributeValues: {
        ':type': 'prompt_checks',
        ':prompt': promptId,
        ':checks': checks,
        ':now': new Date().toISOString(),
        ':one': 1,
        ...condition?.ExpressionAttributeValues,
      },
    },
  };
}

/** Replaces the list (the prompt must exist): PUT /prompts/{id}/checks, whatever was stored. */
export async function saveChecks(workspace: WorkspacePk, promptId: string, checks: Check[]): Promise<void> {
  await transact([listPart(workspace, promptId, checks), promptParts.suite(workspace, promptId, 0, null)]);
}

/** The checks item changed since it was read (a concurrent edit): read it again and redo. */
export class ChecksChanged extends Error {}

/** Replaces the list only while it is still the one read (`seen`): ChecksChanged otherwise. */
export async function saveChecksIf(workspace: WorkspacePk, promptId: string, checks: Check[], seen: CheckList): Promise<void> {
  await transact([
    failing(listPart(workspace, promptId, checks, unchanged(seen.rev)), () => new ChecksChanged()),
    promptParts.suite(workspace, promptId, 0, null),
  ]);
}

/**
 * The checks of a prompt not written yet (an import writes a new prompt's suite first, and the
 * prompt's own put then carries its suite revision): a crash between leaves only items no prompt names.
 */
export async function putChecksBeforePrompt(workspace: WorkspacePk, promptId: string, checks: Check[]): Promise<void> {
  await write({
    put: {
      Item: { ...checksKey(workspace, promptId), type: 'prompt_checks', prompt_id: promptId, checks, rev: 1, updated_at: new Date().toISOString() },
    },
  });
}

/** Deletes the checks of a prompt that was never written (putChecksBeforePrompt, then the prompt's write failed). */
export async function deleteChecksOf(workspace: WorkspacePk, promptId: string): Promise<void> {
  await write({ delete: { Key: checksKey(workspace, promptId) } });
}

/** The checks' delete, for the transaction that deletes their prompt (use-cases/prompts.ts). */
export const removeChecksPart = (workspace: WorkspacePk, promptId: string): Part => ({ delete: { Key: checksKey(workspace, promptId) } });
