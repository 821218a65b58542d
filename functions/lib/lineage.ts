import type { LibraryUpdate } from '@shared/contract/versions';
import { type Tier, tierAllows } from '@shared/tiers';
import { ForbiddenError, NotFoundError } from './errors';
import { type Library, type LibraryPromptItem, libraryPreload, preloadedLibrary } from './library';
import type { Item, UserRecord } from './users';
import { changePrompt, promptFrom, promptPreload } from './versions';
import { PROMPT_NOT_FOUND, type PromptItem } from './workspace';

/**
 * Fork lineage (issue 11, part 3). A fork remembers its library original (`forked_from`) and the
 * original's revision it last took in (`forked_revision`: at the fork, a pull or a dismiss). The
 * revision is the library prompt's `updated_at`, which library writes move only when its title or
 * body change (a tier change does not). The original "changed" when its revision differs.
 */
export const revisionOf = (original: LibraryPromptItem) => original.updated_at ?? original.created_at;

export function originalChanged(prompt: PromptItem, original: LibraryPromptItem): boolean {
  const revision = revisionOf(original);
  if (prompt.forked_revision) return revision !== prompt.forked_revision;
  // Forks made before lineage was recorded: changed if it changed after the fork was made.
  return revision > prompt.created_at;
}

const TIER_NAMES: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };
export const lockedMessage = (tier: Tier) => `This prompt is part of the ${TIER_NAMES[tier]} plan. Upgrade your plan to use it.`;
export const NOT_A_FORK = 'This prompt is not a copy of a library prompt.';
export const ORIGINAL_GONE = 'The library prompt this was copied from no longer exists.';

/** Library prompts by id, built once per cached library version. */
const indexes = new WeakMap<Library, Map<string, LibraryPromptItem>>();
function byId(library: Library): Map<string, LibraryPromptItem> {
  let index = indexes.get(library);
  if (!index) indexes.set(library, (index = new Map(library.prompts.map((p) => [p.id, p]))));
  return index;
}

/**
 * `library_update` of each fork for the list (from the cached library, no extra reads): the
 * original exists, the caller's tier still allows it, and it changed since the fork took it in.
 */
export function libraryUpdates(forks: PromptItem[], library: Library, tier: Tier): Map<string, boolean> {
  const index = byId(library);
  return new Map(
    forks.map((p) => {
      const original = p.forked_from ? index.get(p.forked_from) : undefined;
      return [p.id, Boolean(original && tierAllows(tier, original.access_tier) && originalChanged(p, original))];
    }),
  );
}

/** For a route's `preload` (http.ts): the fork named by the path's `id` and the library's version. */
export const lineagePreload = { ...promptPreload, ...libraryPreload };

export interface Lineage {
  prompt: PromptItem;
  original: LibraryPromptItem;
}

/**
 * A fork and its original, from the fork and META as the route preloaded them with the user (the
 * library from the per-container cache: no read unless the library changed since).
 * 404 when the prompt is not the caller's, not a fork, or its original is gone; 403 when the
 * caller's tier no longer allows the original.
 */
export async function loadLineage(user: UserRecord, preloaded: { prompt: Item | undefined; library: Item | undefined }): Promise<Lineage> {
  const prompt = promptFrom(preloaded.prompt);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  const library = await preloadedLibrary(preloaded.library);
  if (!prompt.forked_from) throw new NotFoundError(NOT_A_FORK);
  const original = byId(library).get(prompt.forked_from);
  if (!original) throw new NotFoundError(ORIGINAL_GONE);
  if (!tierAllows(user.access_tier, original.access_tier)) throw new ForbiddenError(lockedMessage(original.access_tier));
  return { prompt, original };
}

export function libraryUpdateView(prompt: PromptItem, original: LibraryPromptItem): LibraryUpdate {
  return {
    prompt: { title: prompt.title, body: prompt.body },
    library: {
      id: original.id,
      title: original.title,
      body: original.body,
      tasks: original.tasks ?? [],
      industries: original.industries ?? [],
      updated_at: revisionOf(original),
    },
    changed: originalChanged(prompt, original),
  };
}

/** Takes the original's current content in as a new version (none when it is the same) and records its revision. */
export function pullLibraryUpdate(user: UserRecord, { prompt, original }: Lineage): Promise<PromptItem> {
  return changePrompt(
    user.id,
    prompt.id,
    () => ({
      content: { title: original.title, body: original.body, tasks: original.tasks ?? [], industries: original.industries ?? [] },
      source: { kind: 'library', library_prompt_id: original.id },
      fields: { forked_revision: revisionOf(original) },
      touch: false,
    }),
    prompt,
  );
}

/** Records the original's current revision as seen: the flag clears, the content stays. */
export async function dismissLibraryUpdate(user: UserRecord, { prompt, original }: Lineage): Promise<void> {
  await changePrompt(user.id, prompt.id, () => ({ fields: { forked_revision: revisionOf(original) }, touch: false }), prompt);
}
