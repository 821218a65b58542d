import { RegistryEvaluationInput } from '@shared/contract/registry';
import { api, json } from '../lib/http/http';
import { registryPreload } from '../lib/use-cases/registry';
import { evaluateBySlug } from '../lib/use-cases/registry-cli';

/** POST /registry/prompts/{slug}/evaluations: the CLI's eval → 202 {id, status, version, gate}. */
export const handler = api(
  'POST /registry/prompts/{slug}/evaluations',
  { body: RegistryEvaluationInput, preload: registryPreload },
  async ({ workspace, user, params, body, preloaded }) => json(202, await evaluateBySlug(workspace, user.id, params.slug, preloaded.slug, body)),
);
