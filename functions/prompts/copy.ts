import { CopyRequest } from '@shared/contract/prompts';
import { contentOf, PROMPT_NOT_FOUND, promptFrom, promptPreload } from '../lib/data/prompt';
import { VIEWER_REFUSED } from '../lib/data/team';
import { workspaceFor } from '../lib/data/workspace';
import { toPrompt } from '../lib/data/workspace-read';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/http/errors';
import { api, created } from '../lib/http/http';
import { contentTier, TIERED_IN_TEAM } from '../lib/use-cases/lineage';
import { createPrompt, removePrompt } from '../lib/use-cases/prompts';
import { copiedSuite } from '../lib/use-cases/suite-copy';

/**
 * POST /prompts/{id}/copy: 'Move/copy to…'. The prompt (read with the caller, from the workspace
 * `?workspace=` names) is created in the target workspace within its plan limit, uncategorised
 * (categories belong to a workspace) and with its library lineage, its checks and examples; a move
 * then deletes the original with its suite. Copy first: a move that fails half way leaves both, never
 * neither; the copy's suite is written before it (createPrompt), so a copy never lacks its suite.
 */
export const handler = api('POST /prompts/{id}/copy', { body: CopyRequest, preload: promptPreload }, async ({ user, workspace, body, preloaded }) => {
  const prompt = promptFrom(preloaded.prompt);
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  if (body.move && workspace.role === 'viewer') throw new ForbiddenError(VIEWER_REFUSED);
  const target = await workspaceFor(user, body.to, 'write');
  if (target.pk === workspace.pk) throw new BadRequestError('The prompt is already in this workspace.');
  // Tiered library content never enters a workspace people of any plan read; the copy keeps the tier its content has now.
  const [tier, suite] = await Promise.all([contentTier(prompt), copiedSuite(workspace.pk, prompt.id, target)]);
  if (target.team && tier && tier !== 'free') throw new ForbiddenError(TIERED_IN_TEAM);
  const copy = await createPrompt(
    target,
    {
      ...contentOf(prompt),
      category_id: null,
      is_favorite: false,
      ...(prompt.forked_from ? { forked_from: prompt.forked_from, forked_revision: prompt.forked_revision, forked_tier: tier ?? undefined } : {}),
      version_source: { kind: 'copy' },
    },
    suite,
  );
  if (body.move) await removePrompt(workspace.pk, prompt.id, prompt);
  return created(toPrompt(copy, new Map()));
});
