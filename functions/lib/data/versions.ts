import type * as z from 'zod/mini';
import { contentView } from '@shared/chat';
import type { PromptReplace } from '@shared/contract/prompts';
import type { PromptVersion, VersionSource } from '@shared/contract/versions';
import { BadRequestError, NotFoundError } from '../http/errors';
import { batchGet, getItem, type Item } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { labelsAt } from './labels';
import {
  changePrompt,
  contentOf,
  getPromptItem,
  PROMPT_NOT_FOUND,
  type PromptContent,
  type PromptItem,
  promptFrom,
  promptKeys,
  promptPreload,
  querySnapshots,
  sourceOf,
  VERSION_NOT_FOUND,
  type VersionItem,
  versionOf,
} from './prompt';
import type { Author } from './workspace';

/**
 * Version history of a prompt: saves, the list, restores and the reads of earlier versions.
 * A prompt item holds its current content and `version`;
 * every content save (title, body or messages, model settings, tasks or industries changed) puts the previous content into a
 * snapshot item `VERSION#<prompt id>#<version>` of the same partition (see keys.ts), in the same
 * transaction that moves the prompt to the next version, conditioned on the version it read.
 * A concurrent save therefore fails its condition, re-reads and tries again: no save overwrites
 * another without its content becoming a version.
 *
 * - A save that changes no content (the favourite flag, the category alone, or the same text
 *   again) is not a new version.
 * - At most VERSIONS_MAX versions per prompt, the current one included: each new version deletes,
 *   in the same transaction, the snapshot that falls out of the window. Versions count against no
 *   plan limit.
 * - Deleting a prompt deletes its snapshots in the same transaction as the prompt (deletePrompt).
 *
 * The transaction itself is prompt.ts's `changePrompt`, the one writer of prompt and version items.
 */

/** PUT /prompts/{id} in its full form: every field; an edit (or accepted enhancement) of the content. `known`: the prompt as preloaded. */
export function savePrompt({
  workspace,
  promptId,
  input,
  known,
  by,
}: {
  workspace: WorkspacePk;
  promptId: string;
  input: z.infer<typeof PromptReplace>;
  known: PromptItem | null | undefined;
  by: Author;
}): Promise<PromptItem> {
  const { title, kind, body, messages, config, tasks, industries, category_id, is_favorite, source = 'edit', slug } = input;
  return changePrompt(
    workspace,
    promptId,
    () => ({
      content: contentOf({ title, kind, body, messages, config, tasks, industries }),
      source: { kind: source },
      by,
      fields: { category_id, ...(is_favorite === undefined ? {} : { is_favorite }) },
      categoryId: category_id,
      ...(slug === undefined ? {} : { slug }),
    }),
    known,
  );
}

const toVersion = (
  v: PromptContent & { version: number; saved_at: string; source: VersionSource; by?: Author | null },
  current: boolean,
  labels: Record<string, number> | undefined,
): PromptVersion => ({
  version: v.version,
  ...viewOf(contentOf(v)),
  saved_at: v.saved_at,
  source: v.source,
  // The author's name only: user ids stay internal.
  ...(v.by ? { by: { name: v.by.name } } : {}),
  current,
  ...withLabels(labelsAt(labels, v.version)),
});
/** A version's content as answers show it (kind and settings always). */
const viewOf = ({ title, tasks, industries, ...content }: PromptContent) => ({ title, ...contentView(content), tasks, industries });
const withLabels = (names: string[]) => (names.length ? { labels: names } : {});

/** Every version of a prompt, the current one first, then the older ones newest first. */
export async function listVersions(workspace: WorkspacePk, promptId: string): Promise<PromptVersion[]> {
  const [prompt, snapshots] = await Promise.all([getPromptItem(workspace, promptId), querySnapshots(workspace, promptId)]);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  const version = versionOf(prompt);
  // A save between the two reads may have left a snapshot of the version read as current.
  const older = (snapshots as unknown as VersionItem[]).filter((s) => s.version < version);
  return [
    toVersion({ ...prompt, version, saved_at: prompt.updated_at, source: sourceOf(prompt), by: prompt.version_by }, true, prompt.labels),
    ...older.map((s) => toVersion(s, false, prompt.labels)),
  ];
}

/** A version number from a path, or null when it cannot name one. */
export const versionParam = (value: string | undefined) => (/^[1-9]\d{0,5}$/.test(value ?? '') ? Number(value) : null);

/** For a route's `preload` (http/authenticate.ts): the prompt and the snapshot named by the path's `id` and `version`. */
export const restorePreload = {
  ...promptPreload,
  snapshot: ({ params, workspace }: PreloadInput<'id' | 'version'>) => {
    const version = versionParam(params.version);
    return version === null ? undefined : promptKeys.version(workspace, params.id, version);
  },
};

/**
 * Makes an earlier version's content current again, as a new version (nothing is overwritten).
 * `known`: the prompt and the snapshot as the route preloaded them (strongly), else both are read.
 */
export async function restoreVersion({
  workspace,
  promptId,
  version,
  known,
  by,
}: {
  workspace: WorkspacePk;
  promptId: string;
  version: number;
  known?: { prompt: Item | undefined; snapshot: Item | undefined };
  by: Author;
}): Promise<PromptItem> {
  const [prompt, snapshot] = known
    ? [promptFrom(known.prompt), known.snapshot as VersionItem | undefined]
    : await Promise.all([getPromptItem(workspace, promptId), getVersionItem(workspace, promptId, version)]);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  const alreadyCurrent = () => new BadRequestError(`Version ${version} is already the current version.`);
  if (versionOf(prompt) === version) throw alreadyCurrent();
  if (!snapshot) throw new NotFoundError(VERSION_NOT_FOUND);
  return changePrompt(
    workspace,
    promptId,
    (current) => {
      if (versionOf(current) === version) throw alreadyCurrent();
      return { content: contentOf(snapshot), source: { kind: 'restore', version }, by, always: true };
    },
    prompt,
  );
}

/** Access pattern: one earlier version (GetItem, strong unless `consistent` is false); undefined when there is none. */
export const getVersionItem = async (workspace: WorkspacePk, promptId: string, version: number, { consistent = true } = {}) =>
  (await getItem(promptKeys.version(workspace, promptId, version), { consistent })) as VersionItem | undefined;

/** Access pattern: a prompt and one of its earlier versions in one BatchGet (eventually consistent). */
export async function promptWithVersion(workspace: WorkspacePk, promptId: string, version: number) {
  const promptKey = promptKeys.prompt(workspace, promptId);
  const items = await batchGet([promptKey, promptKeys.version(workspace, promptId, version)]);
  return {
    prompt: items.find((i) => i.sk === promptKey.sk) as PromptItem | undefined,
    snapshot: items.find((i) => i.sk !== promptKey.sk) as VersionItem | undefined,
  };
}

/** Access pattern: a prompt by id, eventually consistent (the registry's read). */
export const readPrompt = async (workspace: WorkspacePk, promptId: string) => promptFrom(await getItem(promptKeys.prompt(workspace, promptId))) ?? undefined;
