import { contentView } from '@shared/chat';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import type { LibraryUpdate } from '@shared/contract/versions';
import { type Tier, tierAllows } from '@shared/tiers';
import type { Item } from '../data/db';
import type { WorkspacePk } from '../data/keys';
import type { LibraryPromptItem } from '../data/library';
import { changePrompt, contentOf, PROMPT_NOT_FOUND, type PromptItem, promptFrom, promptPreload } from '../data/prompt';
import type { UserRecord } from '../data/users';
import type { Author } from '../data/workspace';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { libraryRevisions, snapshotOriginal } from '../services/library-snapshot/read';

/**
 * Fork lineage. A fork remembers its library original (`forked_from`) and the
 * original's revision it last took in (`forked_revision`: at the fork, a pull or a dismiss). The
 * revision is the library prompt's `updated_at`, which library writes move only when its title or
 * content (body or messages, model settings) change (a tier change does not). The original "changed" when its revision differs.
 */
export const revisionOf = (original: LibraryPromptItem) => original.updated_at ?? original.created_at;

export function originalChanged(prompt: PromptItem, revision: string): boolean {
  if (prompt.forked_revision) return revision !== prompt.forked_revision;
  // Forks made before lineage was recorded: changed if it changed after the fork was made.
  return revision > prompt.created_at;
}

const TIER_NAMES: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };
/** Team members may be on any plan, so copies of Pro and Elite library prompts stay personal (as they are never shared by link). */
export const TIERED_IN_TEAM = 'Pro and Elite library prompts can be saved to your personal workspace only: a team workspace is open to members on every plan.';

export const lockedMessage = (tier: Tier) => `This prompt is part of the ${TIER_NAMES[tier]} plan. Upgrade your plan to use it.`;
export const NOT_A_FORK = 'This prompt is not a copy of a library prompt.';
export const ORIGINAL_GONE = 'The library prompt this was copied from no longer exists.';

/**
 * `library_update` of each fork for the list: the original exists, the caller's tier still allows
 * it, and it changed since the fork took it in. Revisions come from the library snapshot (one
 * small bucket file per distinct bucket, cached per container): no DynamoDB read, so a popular
 * original is never read by every list.
 */
export async function libraryUpdates(forks: PromptItem[], tier: Tier): Promise<Map<string, boolean>> {
  const revisions = await libraryRevisions(forks.map((p) => p.forked_from!));
  return new Map(
    forks.map((p) => {
      const entry = revisions.get(p.forked_from!);
      return [p.id, Boolean(entry && tierAllows(tier, entry[1]) && originalChanged(p, entry[0]))];
    }),
  );
}

/** For a route's `preload` (http/authenticate.ts): the fork named by the path's `id`. */
export const lineagePreload = promptPreload;

/** A fork's original as the snapshot holds it. */
export interface Original {
  id: string;
  title: string;
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  config?: ModelConfig;
  tasks: string[];
  industries: string[];
  access_tier: Tier;
  revision: string;
}

export interface Lineage {
  prompt: PromptItem;
  original: Original;
}

/**
 * A fork (preloaded with the user) and its original (from the library snapshot: no read unless
 * this container has not yet seen the snapshot file holding it).
 * 404 when the prompt is not the caller's, not a fork, or its original is gone; 403 when the
 * caller's tier no longer allows the original.
 */
export async function loadLineage(user: UserRecord, preloaded: { prompt: Item | undefined }): Promise<Lineage> {
  const prompt = promptFrom(preloaded.prompt);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  if (!prompt.forked_from) throw new NotFoundError(NOT_A_FORK);
  const found = await snapshotOriginal(prompt.forked_from);
  if (!found) throw new NotFoundError(ORIGINAL_GONE);
  const { view, revision } = found;
  if (!tierAllows(user.access_tier, view.access_tier)) throw new ForbiddenError(lockedMessage(view.access_tier));
  return {
    prompt,
    original: { id: view.id, ...contentOf(view), access_tier: view.access_tier, revision },
  };
}

export function libraryUpdateView(prompt: PromptItem, original: Original): LibraryUpdate {
  return {
    prompt: { title: prompt.title, ...contentView(prompt) },
    library: {
      id: original.id,
      title: original.title,
      ...contentView(original),
      tasks: original.tasks ?? [],
      industries: original.industries ?? [],
      updated_at: original.revision,
    },
    changed: originalChanged(prompt, original.revision),
  };
}

/** Takes the original's current content in as a new version (none when it is the same) and records its revision. */
export function pullLibraryUpdate({
  workspace,
  lineage: { prompt, original },
  by,
}: {
  workspace: WorkspacePk;
  lineage: Lineage;
  by: Author;
}): Promise<PromptItem> {
  return changePrompt(
    workspace,
    prompt.id,
    () => ({
      content: contentOf(original),
      source: { kind: 'library', library_prompt_id: original.id },
      by,
      fields: { forked_revision: original.revision },
      touch: false,
    }),
    prompt,
  );
}

/** Records the original's current revision as seen: the flag clears, the content stays. */
export async function dismissLibraryUpdate(workspace: WorkspacePk, { prompt, original }: Lineage): Promise<void> {
  await changePrompt(workspace, prompt.id, () => ({ fields: { forked_revision: original.revision }, touch: false }), prompt);
}
