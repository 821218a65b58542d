import { RegistryQuery } from '@shared/contract/registry';
import { api, ok } from '../lib/http/http';
import { registryPreload, resolvePrompt, selectorFrom } from '../lib/use-cases/registry';
import { recordUsage } from '../lib/use-cases/usage';

/** GET /registry/prompts/{slug}?label=&version=: one version of one of the caller's prompts (session or API key). */
export const handler = api(
  'GET /registry/prompts/{slug}',
  { query: RegistryQuery, preload: registryPreload },
  async ({ workspace, params, query, preloaded, apiKeyId }) => {
    const selector = selectorFrom(query);
    const { prompt, view } = await resolvePrompt({ workspace: workspace.pk, slug: params.slug, claim: preloaded.slug, selector });
    // Which version a key last fetched (the stats' stale_clients); a read is not counted as a use.
    if (apiKeyId)
      recordUsage({ workspace: workspace.pk, prompt_id: prompt.id, version: view.version, channel: 'registry', kind: 'fetch', api_key_id: apiKeyId });
    return ok(view);
  },
);
