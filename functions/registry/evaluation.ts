import { api, ok } from '../lib/http/http';
import { registryPreload } from '../lib/use-cases/registry';
import { evaluationBySlug } from '../lib/use-cases/registry-cli';

/** GET /registry/prompts/{slug}/evaluations/{evaluation_id}: status, progress and pass rate (what the CLI's eval polls). */
export const handler = api('GET /registry/prompts/{slug}/evaluations/{evaluation_id}', { preload: registryPreload }, async ({ workspace, params, preloaded }) =>
  ok(await evaluationBySlug(workspace, params.slug, preloaded.slug, params.evaluation_id)),
);
