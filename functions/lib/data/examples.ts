import { createHash, randomBytes } from 'node:crypto';
import type { Example, ExampleSource } from '@shared/contract/suite';
import { EXAMPLES_PER_PROMPT, examplesLimitMessage } from '@shared/contract/suite';
import type { Tier } from '@shared/tiers';
import { ConflictError, NotFoundError } from '../http/errors';
import { batchGet, batchWrite, getItem, type Item, queryAll, queryPages } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { ANSWER_BYTES_MAX, decodeCursor, encodeCursor } from './paging';
import { promptParts } from './prompt';
import { failing, type Part, transact } from './transactions';

/**
 * A prompt's examples (issue 29): one item each in the workspace's partition, after `VERSION#`
 * so the workspace Query never reads them (keys.ts), ordered by creation (ids sort by time).
 * The prompt item counts them (`examples_used`, against the plan's per-prompt limit) and moves its
 * suite revision in the same transaction as each write, so concurrent adds never pass the limit
 * and an evaluation knows when the suite changed under it. This module is their only writer.
 */
export const EXAMPLE_SK = 'XEXAMPLE#';
export const EXAMPLE_NOT_FOUND = 'Example not found.';

export const exampleKeys = {
  prefix: (promptId: string) => `${EXAMPLE_SK}${promptId}#`,
  example: (workspace: WorkspacePk, promptId: string, exampleId: string) => ({ pk: workspace as string, sk: `${EXAMPLE_SK}${promptId}#${exampleId}` }),
};

/** For a route's `preload`: the example named by the path. */
export const examplePreload = {
  example: ({ params, workspace }: PreloadInput<'id' | 'example_id'>) => exampleKeys.example(workspace, params.id, params.example_id),
};

/** Ids that sort by creation, in order within one batch: time (ms, base 36), the batch position, randomness. */
export function newExampleIds(count: number): string[] {
  const time = Date.now().toString(36).padStart(9, '0');
  const salt = randomBytes(4).toString('hex');
  return Array.from({ length: count }, (_, i) => `${time}${i.toString(36).padStart(4, '0')}${salt}`);
}

export type ExampleFields = Omit<Example, 'id' | 'created_at'>;

/** What makes two examples the same (a library pull, a dismissed library example): inputs, history and expected answer, hashed. */
export const exampleHash = (e: Pick<Example, 'inputs' | 'history' | 'expected'>) =>
  createHash('sha256')
    .update(JSON.stringify([Object.entries(e.inputs).sort(([a], [b]) => (a < b ? -1 : 1)), e.history ?? [], e.expected ?? null]))
    .digest('base64url')
    .slice(0, 22);

const toExample = (item: Item): Example => ({
  id: String(item.id),
  inputs: (item.inputs as Record<string, string>) ?? {},
  history: (item.history as Example['history']) ?? [],
  expected: (item.expected as string | undefined) ?? null,
  rating: (item.rating as Example['rating'] | undefined) ?? null,
  note: (item.note as string | undefined) ?? null,
  source: (item.source as ExampleSource) ?? 'manual',
  created_at: String(item.created_at),
});
export const exampleFrom = (item: Item | undefined): Example => {
  if (item?.type !== 'prompt_example') throw new NotFoundError(EXAMPLE_NOT_FOUND);
  return toExample(item);
};

const exampleItem = (workspace: WorkspacePk, promptId: string, example: Example) => ({
  ...exampleKeys.example(workspace, promptId, example.id),
  type: 'prompt_example',
  prompt_id: promptId,
  ...example,
});
const putOf = (workspace: WorkspacePk, promptId: string, example: Example, condition: 'new' | 'existing'): Part => ({
  put: {
    Item: exampleItem(workspace, promptId, example),
    ConditionExpression: condition === 'new' ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
  },
});

/** The most items one transaction takes, less the prompt's counter. */
const CHUNK = 99;

/**
 * Adds examples: the slots claimed on the prompt first, all of them or none (409 past the plan's
 * limit), then the items, a transaction of 99 at a time. A failure after the claim gives the
 * slots of the unwritten examples back. `guard` goes with the claim (a pull's: the state it read).
 */
export async function addExamples(workspace: WorkspacePk, tier: Tier, promptId: string, examples: ExampleFields[], guard: Part[] = []): Promise<Example[]> {
  if (!examples.length) return [];
  const limit = EXAMPLES_PER_PROMPT[tier];
  const now = new Date().toISOString();
  const ids = newExampleIds(examples.length);
  const stored = examples.map((fields, i) => ({ ...fields, id: ids[i]!, created_at: now }));
  const claim = failing(promptParts.suite(workspace, promptId, stored.length, limit), () => new ConflictError(examplesLimitMessage(limit)));
  if (stored.length + guard.length <= CHUNK) {
    await transact([claim, ...guard, ...stored.map((e) => putOf(workspace, promptId, e, 'new'))]);
    return stored;
  }
  await transact([claim, ...guard]);
  let written = 0;
  try {
    for (; written < stored.length; written += CHUNK) await transact(stored.slice(written, written + CHUNK).map((e) => putOf(workspace, promptId, e, 'new')));
  } catch (error) {
    await transact([promptParts.suite(workspace, promptId, -(stored.length - written), null)]).catch(() => undefined);
    throw error;
  }
  return stored;
}

/**
 * Examples of a prompt not written yet (an import writes a new prompt's suite first; the prompt's
 * own put then carries `examples_used`, its plan limit checked with the file): a crash between
 * leaves only items no prompt names. 25 per BatchWrite; answers how many.
 */
export async function putExamplesBeforePrompt(workspace: WorkspacePk, promptId: string, examples: ExampleFields[]): Promise<number> {
  const now = new Date().toISOString();
  const ids = newExampleIds(examples.length);
  await batchWrite(examples.map((fields, i) => ({ PutRequest: { Item: exampleItem(workspace, promptId, { ...fields, id: ids[i]!, created_at: now }) } })));
  return examples.length;
}

/** Replaces an example's fields (its id, source and creation stay); the suite revision moves. */
export async function replaceExample(workspace: WorkspacePk, promptId: string, current: Example, fields: Omit<ExampleFields, 'source'>): Promise<Example> {
  const next: Example = { ...current, ...fields };
  await transact([
    failing(putOf(workspace, promptId, next, 'existing'), () => new NotFoundError(EXAMPLE_NOT_FOUND)),
    promptParts.suite(workspace, promptId, 0, null),
  ]);
  return next;
}

/** Deletes an example; `also` joins the transaction (use-cases/examples.ts: a library example's dismissal). */
export async function deleteExample(workspace: WorkspacePk, promptId: string, exampleId: string, also: Part[] = []): Promise<void> {
  await transact([
    ...also,
    failing(
      { delete: { Key: exampleKeys.example(workspace, promptId, exampleId), ConditionExpression: 'attribute_exists(pk)' } },
      () => new NotFoundError(EXAMPLE_NOT_FOUND),
    ),
    promptParts.suite(workspace, promptId, -1, null),
  ]);
}

export const getExample = async (workspace: WorkspacePk, promptId: string, exampleId: string) =>
  exampleFrom(await getItem(exampleKeys.example(workspace, promptId, exampleId), { consistent: true }));

/** Ids are of one length, so every later id sorts after this bound. */
const after = (promptId: string, exampleId: string) => `${exampleKeys.prefix(promptId)}${exampleId}~`;

/**
 * Access pattern: a page of a prompt's examples in creation order, at most `budget` bytes of JSON
 * (at least one), from after the cursor. The cursor is the last id served, signed for this prompt.
 */
export async function pageExamples(
  workspace: WorkspacePk,
  promptId: string,
  cursor: string | undefined,
  budget = ANSWER_BYTES_MAX,
): Promise<{ examples: Example[]; next: string | null }> {
  const list = `examples:${workspace}:${promptId}`;
  const from = cursor === undefined ? exampleKeys.prefix(promptId) : after(promptId, await decodeCursor(list, cursor));
  const examples: Example[] = [];
  let bytes = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': workspace, ':from': from, ':to': `${exampleKeys.prefix(promptId)}~` },
    ConsistentRead: true,
    Limit: 100,
  });
  for await (const items of pages) {
    for (const item of items) {
      const example = toExample(item);
      const size = Buffer.byteLength(JSON.stringify(example)) + 1;
      if (examples.length && bytes + size > budget) return { examples, next: await encodeCursor(list, examples[examples.length - 1]!.id) };
      examples.push(example);
      bytes += size;
    }
  }
  return { examples, next: null };
}

/** Every example of a prompt, page by page (evaluations, export): `each` gets them in creation order. */
export async function* allExamples(workspace: WorkspacePk, promptId: string): AsyncGenerator<Example[]> {
  let cursor: string | undefined;
  do {
    const page = await pageExamples(workspace, promptId, cursor);
    if (page.examples.length) yield page.examples;
    cursor = page.next ?? undefined;
  } while (cursor);
}

/** Access pattern: every example of a workspace by prompt, oldest first (one paged Query on `XEXAMPLE#`: a prompts export). */
export async function workspaceExamples(workspace: WorkspacePk): Promise<Map<string, Example[]>> {
  const byPrompt = new Map<string, Example[]>();
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': EXAMPLE_SK },
  }))
    for (const item of page) {
      const promptId = String(item.prompt_id);
      byPrompt.set(promptId, [...(byPrompt.get(promptId) ?? []), toExample(item)]);
    }
  return byPrompt;
}

/** Access pattern: the ids of a prompt's examples, in creation order (one Query, ids only). */
export async function exampleIds(workspace: WorkspacePk, promptId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': exampleKeys.prefix(promptId) },
    ProjectionExpression: 'id',
    ConsistentRead: true,
  });
  return items.map((i) => String(i.id));
}

/** The examples of these ids that still exist (BatchGet, 100 at a time). */
export async function examplesByIds(workspace: WorkspacePk, promptId: string, ids: string[]): Promise<Map<string, Example>> {
  const found = new Map<string, Example>();
  for (let i = 0; i < ids.length; i += 100) {
    const items = await batchGet(ids.slice(i, i + 100).map((id) => exampleKeys.example(workspace, promptId, id)));
    for (const item of items) found.set(String(item.id), toExample(item));
  }
  return found;
}

/** Deletes every example of a prompt that is itself deleted (use-cases/prompts.ts): nothing counts them any more. */
export async function deleteExamplesOf(workspace: WorkspacePk, promptId: string): Promise<void> {
  const keys = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': exampleKeys.prefix(promptId) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchWrite(keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
}
