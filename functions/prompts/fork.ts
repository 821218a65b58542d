import { storedContent } from '@shared/chat';
import { ForkRequest } from '@shared/contract/library';
import { tierAllows } from '@shared/tiers';
import { categoryName, categoryNames } from '../lib/data/category';
import { countLibraryFork, libraryKeys, libraryPromptFrom } from '../lib/data/library';
import { librarySuiteFrom, librarySuiteKey } from '../lib/data/library-suite';
import { toPrompt } from '../lib/data/workspace-read';
import { ForbiddenError, NotFoundError } from '../lib/http/errors';
import { api, created } from '../lib/http/http';
import { logger } from '../lib/http/log';
import { emitEvent } from '../lib/use-cases/events';
import { forkedSuite } from '../lib/use-cases/library-suite';
import { lockedMessage, revisionOf, TIERED_IN_TEAM } from '../lib/use-cases/lineage';
import { createPrompt } from '../lib/use-cases/prompts';

/**
 * POST /prompts/fork/{id}: copies a library prompt into the caller's workspace, within the plan
 * limit, into one of the caller's own categories (or none), with its checks and examples (as many
 * as the plan keeps per prompt). Locked prompts answer 403. The library prompt and its suite (their
 * own partitions, the items outside the caller's that the request is about) are read with the
 * user, the category's name and the fork count alongside the write (which checks the category
 * itself); the suite is written just before the prompt (createPrompt), once the tier allowed it.
 */
export const handler = api(
  'POST /prompts/fork/{id}',
  { body: ForkRequest, preload: { original: ({ params }) => libraryKeys.prompt(params.id), suite: ({ params }) => librarySuiteKey(params.id) } },
  async ({ user, workspace, body, preloaded }) => {
    const original = libraryPromptFrom(preloaded.original);
    if (!original) throw new NotFoundError('Prompt not found.');
    if (!tierAllows(user.access_tier, original.access_tier)) {
      throw new ForbiddenError(lockedMessage(original.access_tier));
    }
    // A team workspace is read by people of any plan: tiered content never enters one (docs/product.md, Teams).
    if (workspace.team && original.access_tier !== 'free') throw new ForbiddenError(TIERED_IN_TEAM);
    const [prompt, name] = await Promise.all([
      createPrompt(
        workspace,
        {
          title: original.title,
          ...storedContent(original),
          category_id: body.category_id,
          is_favorite: false,
          tasks: original.tasks ?? [],
          industries: original.industries ?? [],
          forked_from: original.id,
          forked_tier: original.access_tier,
          // Fork lineage: the original's revision taken in, and where version 1 came from.
          forked_revision: revisionOf(original),
          version_source: { kind: 'fork', library_prompt_id: original.id },
        },
        forkedSuite(workspace, librarySuiteFrom(preloaded.suite)),
      ),
      categoryName(workspace.pk, body.category_id),
      // 'Popular' in the library: the prompt's own counter item, alongside the copy (no extra round
      // trip; a failed count never fails the copy, a copy refused at this point is rare as the UI
      // stops at the plan limit first).
      countLibraryFork(original.id).catch((error: unknown) => logger.warn('fork count not updated', { id: original.id, error: String(error) })),
    ]);
    await emitEvent(workspace.pk, { type: 'prompt.forked', actor: workspace.author, prompt_id: prompt.id, prompt_title: prompt.title, version: 1 });
    return created({ ...toPrompt(prompt, categoryNames(prompt.category_id, name)), library_update: false });
  },
);
