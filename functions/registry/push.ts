import { PROMPT_MAX_BYTES } from '@shared/contract/chat';
import { PushRequest } from '@shared/contract/registry';
import { api, json } from '../lib/http/http';
import { registryPreload } from '../lib/use-cases/registry';
import { pushVersion } from '../lib/use-cases/registry-cli';

/** POST /registry/prompts/{slug}/versions: the CLI's push → 201 with the new version (200 when the content is the same; 409 from a stale base). */
export const handler = api(
  'POST /registry/prompts/{slug}/versions',
  { body: PushRequest, preload: registryPreload, maxBodyBytes: PROMPT_MAX_BYTES },
  async ({ workspace, params, body, preloaded }) => {
    const { created, view } = await pushVersion(workspace, params.slug, preloaded.slug, body);
    return json(created ? 201 : 200, view);
  },
);
