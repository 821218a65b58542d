import type { Check } from '@shared/contract/suite';
import { getItem, queryAll } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { promptParts } from './prompt';
import { type Part, transact, write } from './transactions';

/**
 * A prompt's checks (issue 29): one item per prompt holding the whole list (at most CHECKS_MAX),
 * after `VERSION#` so the workspace Query never reads it. A save replaces the list and moves the
 * prompt's suite revision in the same transaction. This module is its only writer.
 */
export const CHECKS_SK = 'XCHECKS#';
export const checksKey = (workspace: WorkspacePk, promptId: string) => ({ pk: workspace as string, sk: `${CHECKS_SK}${promptId}` });

/** For a route's `preload`: the checks of the prompt named by the path. */
export const checksPreload = { checks: ({ params, workspace }: PreloadInput<'id'>) => checksKey(workspace, params.id) };

export const checksFrom = (item: Record<string, unknown> | undefined): Check[] => (item?.type === 'prompt_checks' ? (item.checks as Check[]) : []);

export const getChecks = async (workspace: WorkspacePk, promptId: string) => checksFrom(await getItem(checksKey(workspace, promptId), { consistent: true }));

/** Access pattern: every prompt's checks in a workspace (one Query on `XCHECKS#`: a prompts export). */
export async function workspaceChecks(workspace: WorkspacePk): Promise<Map<string, Check[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': CHECKS_SK },
  });
  return new Map(items.map((item) => [String(item.prompt_id), checksFrom(item)]));
}

/** Replaces the list (the prompt must exist). */
export async function saveChecks(workspace: WorkspacePk, promptId: string, checks: Check[]): Promise<void> {
  await transact([{ put: { Item: checksItem(workspace, promptId, checks) } }, promptParts.suite(workspace, promptId, 0, null)]);
}

const checksItem = (workspace: WorkspacePk, promptId: string, checks: Check[]) => ({
  ...checksKey(workspace, promptId),
  type: 'prompt_checks',
  prompt_id: promptId,
  checks,
  updated_at: new Date().toISOString(),
});

/**
 * The checks of a prompt not written yet (an import writes a new prompt's suite first, and the
 * prompt's own put then carries its suite revision): a crash between leaves only items no prompt names.
 */
export async function putChecksBeforePrompt(workspace: WorkspacePk, promptId: string, checks: Check[]): Promise<void> {
  await write({ put: { Item: checksItem(workspace, promptId, checks) } });
}

/** Deletes the checks of a prompt that was never written (putChecksBeforePrompt, then the prompt's write failed). */
export async function deleteChecksOf(workspace: WorkspacePk, promptId: string): Promise<void> {
  await write({ delete: { Key: checksKey(workspace, promptId) } });
}

/** The checks' delete, for the transaction that deletes their prompt (use-cases/prompts.ts). */
export const removeChecksPart = (workspace: WorkspacePk, promptId: string): Part => ({ delete: { Key: checksKey(workspace, promptId) } });
