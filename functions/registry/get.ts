import { RegistryQuery } from '@shared/contract/registry';
import { api, ok } from '../lib/http/http';
import { registryPreload, resolvePrompt, selectorFrom } from '../lib/use-cases/registry';

/** GET /registry/prompts/{slug}?label=&version=: one version of one of the caller's prompts (session or API key). */
export const handler = api(
  'GET /registry/prompts/{slug}',
  { query: RegistryQuery, preload: registryPreload },
  async ({ workspace, params, query, preloaded }) => {
    const selector = selectorFrom(query);
    return ok((await resolvePrompt({ workspace: workspace.pk, slug: params.slug, claim: preloaded.slug, selector })).view);
  },
);
