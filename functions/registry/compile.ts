import { CompileError, compileBody } from '@shared/compile';
import { CompileRequest } from '@shared/contract/registry';
import { directivesOf, listSnippets, profileValuesOf } from '../lib/context';
import { BadRequestError } from '../lib/errors';
import { api, ok } from '../lib/http';
import { registryPreload, resolvePrompt } from '../lib/registry';

/**
 * POST /registry/prompts/{slug}/compile: the prompt filled on the server with the workbench's rules
 * (INPUT values from the request, SNIPPET and PROFILE from the caller's context, the global prefix
 * and suffix unless `directives` is false). The snippets are read alongside the prompt, so a
 * compile costs the same round trips as a get.
 */
export const handler = api('POST /registry/prompts/{slug}/compile', { body: CompileRequest, preload: registryPreload }, async ({ user, params, body, preloaded }) => {
  if (body.label !== undefined && body.version !== undefined) throw new BadRequestError('Give a label or a version, not both.');
  const [{ view }, snippets] = await Promise.all([
    resolvePrompt(user.id, params.slug!, preloaded.slug, { label: body.label, version: body.version }),
    listSnippets(user.id),
  ]);
  try {
    const text = compileBody(view.body, body.variables, { snippets, profile: profileValuesOf(user) }, body.directives === false ? undefined : directivesOf(user));
    return ok({ text });
  } catch (error) {
    if (error instanceof CompileError) throw new BadRequestError(error.message, [{ field: error.field, message: error.message }]);
    throw error;
  }
});
