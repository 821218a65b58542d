import { contentView } from '@shared/chat';
import type { LibraryUpdate } from '@shared/contract/versions';
import { higherTier, type Tier, tierAllows } from '@shared/tiers';
import type { Item } from '../data/db';
import type { WorkspacePk } from '../data/keys';
import type { LibraryPromptItem } from '../data/library';
import { changePrompt, contentOf, PROMPT_NOT_FOUND, type PromptContent, type PromptItem, promptFrom, promptPreload } from '../data/prompt';
import type { UserRecord } from '../data/users';
import type { Author, WorkspaceRef } from '../data/workspace';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { libraryRevisions, snapshotOriginal } from '../services/library-snapshot/read';

/**
 * Fork lineage. A fork remembers its library original (`forked_from`) and the
 * original's revision it last took in (`forked_revision`: at the fork, a pull or a dismiss). The
 * revision is the library prompt's `updated_at`, which library writes move only when its title or
 * content (body or messages, model settings) change (a tier change does not). The original "changed" when its revision differs.
 *
 * A fork also records the tier of the library content it took in (`forked_tier`: the original's
 * tier at the fork, raised by every pull of content at a higher tier, never lowered, since earlier
 * versions stay in its history). What keeps tiered content from people without the tier (share
 * links, team workspaces, 'Move/copy to…') judges `contentTier`: that record, and the original's
 * tier now while the fork still holds the revision the library now offers at that tier.
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
export const sharedPullMessage = (tier: Tier) =>
  `This prompt is shared by a public link, and the library version is part of the ${TIER_NAMES[tier]} plan. Stop sharing it to take the update in.`;
export const NOT_A_FORK = 'This prompt is not a copy of a library prompt.';
export const ORIGINAL_GONE = 'The library prompt this was copied from no longer exists.';

/**
 * The tier of the library content a prompt holds now (null: not a fork). A fork that took in the
 * revision the library offers now holds what the library sells at the original's current tier
 * (an admin raised it without changing the text); an original gone from the library leaves the
 * recorded tier, and a fork with no record (made before it was kept) counts as Elite.
 */
export async function contentTier(prompt: Pick<PromptItem, 'forked_from' | 'forked_revision' | 'forked_tier'>): Promise<Tier | null> {
  if (!prompt.forked_from) return null;
  const entry = (await libraryRevisions([prompt.forked_from])).get(prompt.forked_from);
  if (!entry) return prompt.forked_tier ?? 'elite';
  const [revision, tier] = entry;
  if (!prompt.forked_tier) return tier;
  return !prompt.forked_revision || prompt.forked_revision === revision ? higherTier(prompt.forked_tier, tier) : prompt.forked_tier;
}

/** 403 with `detail` when the prompt holds Pro or Elite library content. */
export async function refuseTiered(prompt: PromptItem, detail: string): Promise<void> {
  const tier = await contentTier(prompt);
  if (tier && tier !== 'free') throw new ForbiddenError(detail);
}

/** The tier whose library content a workspace may take in: a team's holds free content only. */
export const workspaceContentTier = (user: UserRecord, workspace: Pick<WorkspaceRef, 'team'>): Tier => (workspace.team ? 'free' : user.access_tier);

/**
 * `library_update` of each fork for the list: the original exists, the workspace may take it in
 * (`tier`: workspaceContentTier), and it changed since the fork took it in. Revisions come from the library snapshot (one
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

/** A fork's original as the snapshot holds it: its content, tier and revision. */
export type Original = PromptContent & { id: string; access_tier: Tier; revision: string };

export interface Lineage {
  prompt: PromptItem;
  original: Original;
}

/**
 * A fork (preloaded with the user) and its original (from the library snapshot: no read unless
 * this container has not yet seen the snapshot file holding it).
 * 404 when the prompt is not the caller's, not a fork, or its original is gone; 403 when the
 * caller's tier no longer allows the original, or it is tiered and the workspace is a team's.
 */
export async function loadLineage(user: UserRecord, workspace: Pick<WorkspaceRef, 'team'>, preloaded: { prompt: Item | undefined }): Promise<Lineage> {
  const prompt = promptFrom(preloaded.prompt);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  return lineageOf(user, workspace, prompt);
}

/** A fork read already and its original, with loadLineage's refusals (a compare's library original column). */
export async function lineageOf(user: UserRecord, workspace: Pick<WorkspaceRef, 'team'>, prompt: PromptItem): Promise<Lineage> {
  if (!prompt.forked_from) throw new NotFoundError(NOT_A_FORK);
  const found = await snapshotOriginal(prompt.forked_from);
  if (!found) throw new NotFoundError(ORIGINAL_GONE);
  const { view, revision } = found;
  if (!tierAllows(user.access_tier, view.access_tier)) throw new ForbiddenError(lockedMessage(view.access_tier));
  if (!tierAllows(workspaceContentTier(user, workspace), view.access_tier)) throw new ForbiddenError(TIERED_IN_TEAM);
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

/**
 * Takes the original's current content in as a new version (none when it is the same) and records
 * its revision and tier. Tiered content never goes into a prompt shared by link (403): a share made
 * while the pull runs is caught by the share page, which judges the content's tier on every read.
 */
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
    (current) => {
      if (current.share_token && original.access_tier !== 'free') throw new ForbiddenError(sharedPullMessage(original.access_tier));
      return {
        content: contentOf(original),
        source: { kind: 'library', library_prompt_id: original.id },
        by,
        fields: { forked_revision: original.revision, forked_tier: higherTier(current.forked_tier ?? original.access_tier, original.access_tier) },
        touch: false,
      };
    },
    prompt,
  );
}

/** Records the original's current revision as seen: the flag clears, the content stays. */
export async function dismissLibraryUpdate(workspace: WorkspacePk, { prompt, original }: Lineage): Promise<void> {
  await changePrompt(workspace, prompt.id, () => ({ fields: { forked_revision: original.revision }, touch: false }), prompt);
}
