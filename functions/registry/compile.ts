import { CompileRequest } from '@shared/contract/registry';
import { BadRequestError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { compileRegistryPrompt, registryChannel, registryPreload } from '../lib/use-cases/registry';

/**
 * POST /registry/prompts/{slug}/compile: the prompt filled on the server with the workbench's rules
 * (INPUT values from the request, SNIPPET and PROFILE from the caller's context, the global prefix
 * and suffix unless `directives` is false); a missing INPUT without a default is a 400 naming it.
 * A chat prompt answers its messages, each placeholder replaced by `history`; past its bound the
 * compiled output is refused with 413 before it is built.
 */
const COMPILE_MAX_BYTES = 256 * 1024;

export const handler = api(
  'POST /registry/prompts/{slug}/compile',
  // A conversation (history) can be long: the answer stays bounded (COMPILED_MAX), not the request alone.
  { body: CompileRequest, preload: registryPreload, maxBodyBytes: COMPILE_MAX_BYTES },
  async ({ user, workspace, params, body, preloaded, event, apiKeyId }) => {
    if (body.label !== undefined && body.version !== undefined) throw new BadRequestError('Give a label or a version, not both.');
    const { compiled } = await compileRegistryPrompt({
      workspace,
      user,
      slug: params.slug,
      preloaded,
      selector: { label: body.label, version: body.version },
      inputs: body.variables,
      directives: body.directives !== false,
      history: body.history,
      count: { channel: registryChannel(event.headers), apiKeyId },
    });
    return ok(compiled);
  },
);
