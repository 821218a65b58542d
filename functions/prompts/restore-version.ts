import { promptFrom, VERSION_NOT_FOUND } from '../lib/data/prompt';
import { restorePreload, restoreVersion, versionParam } from '../lib/data/versions';
import { promptViewAlongside } from '../lib/data/workspace-read';
import { NotFoundError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { emitEvent } from '../lib/use-cases/events';

/**
 * POST /prompts/{id}/versions/{version}/restore: an earlier version's content becomes a new
 * version. Two round trips: the prompt and the snapshot are read with the user.
 */
export const handler = api('POST /prompts/{id}/versions/{version}/restore', { preload: restorePreload }, async ({ workspace, params, preloaded }) => {
  const version = versionParam(params.version);
  if (version === null) throw new NotFoundError(VERSION_NOT_FOUND);
  const view = await promptViewAlongside(
    workspace.pk,
    promptFrom(preloaded.prompt),
    restoreVersion({ workspace: workspace.pk, promptId: params.id, version, known: preloaded, by: workspace.author }),
  );
  await emitEvent(workspace.pk, {
    type: 'prompt.version.created',
    actor: workspace.author,
    prompt_id: view.id,
    prompt_title: view.title,
    version: view.version,
  });
  return ok(view);
});
