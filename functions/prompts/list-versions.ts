import { listVersions } from '../lib/data/versions';
import { api, ok } from '../lib/http/http';

/** GET /prompts/{id}/versions: the prompt's versions, the current one first, then newest first. */
export const handler = api('GET /prompts/{id}/versions', {}, async ({ workspace, params }) => ok({ versions: await listVersions(workspace.pk, params.id) }));
