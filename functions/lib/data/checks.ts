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

/**
 * The stored list and its revision (null when the prompt has no checks item, 0 for one written
 * before revisions), and `dismissed`: the content hashes of library examples the forker deleted,
 * which a pull does not bring back (examples.ts exampleHash; at most the library suite's examples
 * and the fork's deleted since its last pull, which prunes them to those the library still has).
 */
export interface CheckList {
  checks: Check[];
  rev: number | null;
  dismissed: string[];
}

export const checkListFrom = (item: Record<string, unknown> | undefined): CheckList =>
  item?.type === 'prompt_checks'
    ? {
        checks: (item.checks as Check[] | undefined) ?? [],
        rev: (item.rev as number | undefined) ?? 0,
        dismissed: [...((item.dismissed_examples as Set<string> | undefined) ?? [])],
      }
    : { checks: [], rev: null, dismissed: [] };
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

interface ItemChange {
  /** The new list. */
  checks?: Check[];
  /** The dismissed hashes, all of them (pruned by a pull). */
  dismissed?: string[];
  /** One hash more among them (an example's delete). */
  dismiss?: string;
}

/** The item written (created when missing) with `change`, its revision moved; under `condition` when given. */
function listPart(workspace: WorkspacePk, promptId: string, { checks, dismissed, dismiss }: ItemChange, condition?: ReturnType<typeof unchanged>): Part {
  const set = [
    '#type = :type, prompt_id = :prompt, updated_at = :now',
    checks ? 'checks = :checks' : 'checks = if_not_exists(checks, :none)',
    ...(dismissed?.length ? ['dismissed_examples = :dismissed'] : []),
  ];
  return {
    update: {
      Key: checksKey(workspace, promptId),
      UpdateExpression: `SET ${set.join(', ')} ADD #rev :one${dismiss ? ', dismissed_examples :hash' : ''}${dismissed && !dismissed.length ? ' REMOVE dismissed_examples' : ''}`,
      ...condition,
      ExpressionAttributeNames: { '#type': 'type', '#rev': 'rev' },
      ExpressionAttributeValues: {
        ':type': 'prompt_checks',
        ':prompt': promptId,
        ':now': new Date().toISOString(),
        ':one': 1,
        ...(checks ? { ':checks': checks } : { ':none': [] }),
        ...(dismissed?.length ? { ':dismissed': new Set(dismissed) } : {}),
        ...(dismiss ? { ':hash': new Set([dismiss]) } : {}),
        ...condition?.ExpressionAttributeValues,
      },
    },
  };
}

/** Replaces the list (the prompt must exist): PUT /prompts/{id}/checks, whatever was stored. */
export async function saveChecks(workspace: WorkspacePk, promptId: string, checks: Check[]): Promise<void> {
  await transact([listPart(workspace, promptId, { checks }), promptParts.suite(workspace, promptId, 0, null)]);
}

/** The checks item changed since it was read (a concurrent edit): read it again and redo. */
export class ChecksChanged extends Error {}

/**
 * Replaces the list (moving the prompt's suite revision) and/or the dismissed hashes, only while
 * the item is still the one read (`seen`): ChecksChanged otherwise.
 */
export async function saveChecksIf(workspace: WorkspacePk, promptId: string, seen: CheckList, change: Omit<ItemChange, 'dismiss'>): Promise<void> {
  await transact([
    failing(listPart(workspace, promptId, change, unchanged(seen.rev)), () => new ChecksChanged()),
    ...(change.checks ? [promptParts.suite(workspace, promptId, 0, null)] : []),
  ]);
}

/** For another write's transaction: the checks item is still at revision `rev` (ChecksChanged otherwise). */
export const checksUnchanged = (workspace: WorkspacePk, promptId: string, rev: number | null): Part =>
  failing({ check: { Key: checksKey(workspace, promptId), ...unchanged(rev) } }, () => new ChecksChanged());

/** For an example's delete (use-cases/examples.ts): a library example the forker removed, by its content hash, so a pull skips it. */
export const dismissExamplePart = (workspace: WorkspacePk, promptId: string, hash: string): Part => listPart(workspace, promptId, { dismiss: hash });

/**
 * The checks of a prompt not written yet (an import writes a new prompt's suite first, and the
 * prompt's own put then carries its suite revision): a crash between leaves only items no prompt names.
 */
export async function putChecksBeforePrompt(workspace: WorkspacePk, promptId: string, checks: Check[], dismissed: string[] = []): Promise<void> {
  const item = { ...checksKey(workspace, promptId), type: 'prompt_checks', prompt_id: promptId, checks, rev: 1, updated_at: new Date().toISOString() };
  await write({ put: { Item: dismissed.length ? { ...item, dismissed_examples: new Set(dismissed) } : item } });
}

/** Deletes the checks of a prompt that was never written (putChecksBeforePrompt, then the prompt's write failed). */
export async function deleteChecksOf(workspace: WorkspacePk, promptId: string): Promise<void> {
  await write({ delete: { Key: checksKey(workspace, promptId) } });
}

/** The checks' delete, for the transaction that deletes their prompt (use-cases/prompts.ts). */
export const removeChecksPart = (workspace: WorkspacePk, promptId: string): Part => ({ delete: { Key: checksKey(workspace, promptId) } });
