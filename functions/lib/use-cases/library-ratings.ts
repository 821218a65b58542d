import type { LibraryRating, LibraryRatingState } from '@shared/contract/library';
import { type Tier, tierAllows } from '@shared/tiers';
import type { WorkspacePk } from '../data/keys';
import { LIBRARY_PROMPT_NOT_FOUND } from '../data/library';
import { getRating, hasRun, libraryRevision, libraryUse, noteLibraryRun, putRating } from '../data/library-use';
import { getPromptItem, type PromptItem } from '../data/prompt';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { logger } from '../http/log';

/**
 * Library ratings from use (docs/product.md, "Ratings"): a person may rate a library prompt once
 * they ran it — a run naming it, or a run or evaluation of their fork of it — one rating each,
 * changeable, for the prompt's current version (its revision). Nobody rates, nor learns of, a
 * prompt above their tier (404, as if it did not exist).
 */
export const RATE_AFTER_RUN = 'Run this prompt (or your copy of it) before rating it: ratings come from people who used it.';

interface Person {
  id: string;
  access_tier: Tier;
}

/** The prompt's current revision, or 404 when it is not in the library or is above the person's tier. */
async function visibleRevision(person: Person, id: string): Promise<string> {
  const entry = await libraryRevision(id);
  if (!entry || !tierAllows(person.access_tier, entry.tier)) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  return entry.revision;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The current revision's average (null: no rating yet) and count, read strongly after a change. */
async function currentSums(id: string, revision: string, consistent: boolean) {
  const sums = (await libraryUse([id], { consistent })).get(id)?.ratings.get(revision);
  return { average: sums?.count ? round2(sums.stars / sums.count) : null, count: sums?.count ?? 0 };
}

export async function ratingState(person: Person, id: string): Promise<LibraryRatingState> {
  const revision = await visibleRevision(person, id);
  const [mine, ran, sums] = await Promise.all([getRating(person.id, id), hasRun(person.id, id), currentSums(id, revision, false)]);
  return { stars: mine?.stars ?? null, older_version: Boolean(mine && mine.revision !== revision), ...sums, can_rate: ran };
}

/** PUT /library/prompts/{id}/rating: sets the person's rating (moving an earlier one, of any version, out of its sums). */
export async function rateLibraryPrompt(person: Person, id: string, stars: number): Promise<LibraryRating> {
  const revision = await visibleRevision(person, id);
  if (!(await hasRun(person.id, id))) throw new ForbiddenError(RATE_AFTER_RUN);
  for (let attempt = 0; ; attempt++) {
    const before = await getRating(person.id, id);
    if (before?.stars === stars && before.revision === revision) break;
    if (await putRating(person.id, id, revision, stars, before)) break;
    // The person's own rating changed meanwhile (another tab): read it again.
    if (attempt === 4) throw new ConflictError('Your rating changed meanwhile. Please try again.');
  }
  const sums = await currentSums(id, revision, true);
  return { stars, average: sums.average ?? stars, count: sums.count };
}

/**
 * After a run (or an evaluation) of `promptId` in `workspace`: when it names a library prompt the
 * person's tier opens, or a fork of one, notes that they ran it and counts the run. `held` is the
 * workspace's prompt item when the caller read it already: then only a fork's original is read.
 * Never throws: it runs after the answer.
 */
export async function noteLibraryUse(person: Person, workspace: WorkspacePk, promptId: string, held?: Pick<PromptItem, 'forked_from'>): Promise<void> {
  try {
    // A library prompt's id, or a workspace prompt's (its fork names the original).
    const [entry, fork] = held ? [undefined, held] : await Promise.all([libraryRevision(promptId), getPromptItem(workspace, promptId)]);
    const id = entry ? promptId : fork?.forked_from;
    if (!id) return;
    const original = entry ?? (await libraryRevision(id));
    if (!original || !tierAllows(person.access_tier, original.tier)) return;
    await noteLibraryRun(person.id, id, original.revision);
  } catch (error) {
    logger.warn('library use not noted', { errorClass: (error as Error)?.name });
  }
}
