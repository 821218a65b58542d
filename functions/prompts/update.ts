import { PROMPT_MAX_BYTES } from '@shared/contract/chat';
import { PromptUpdate } from '@shared/contract/prompts';
import { promptFrom, promptPreload, setFavorite } from '../lib/data/prompt';
import { savePrompt } from '../lib/data/versions';
import { api, noContent } from '../lib/http/http';
import { checkConfigSchemas } from '../lib/services/json-schema';
import { emitEvent } from '../lib/use-cases/events';

/**
 * PUT /prompts/{id}: every field, or only `is_favorite` (the optimistic favourite toggle). A change
 * of the content keeps the previous content as a version (`source`: 'edit' or 'enhance'). The
 * prompt is read with the user (two round trips); the favourite toggle does not need it.
 */
export const handler = api(
  'PUT /prompts/{id}',
  { body: PromptUpdate, preload: promptPreload, maxBodyBytes: PROMPT_MAX_BYTES },
  async ({ workspace, body, params, preloaded }) => {
    const id = params.id;
    if ('title' in body) {
      checkConfigSchemas(body.config);
      const before = promptFrom(preloaded.prompt);
      const saved = await savePrompt({ workspace: workspace.pk, promptId: id, input: body, known: before, by: workspace.author });
      if ((saved.version ?? 1) !== (before?.version ?? 1))
        await emitEvent(workspace.pk, {
          type: 'prompt.version.created',
          actor: workspace.author,
          prompt_id: id,
          prompt_title: saved.title,
          version: saved.version ?? 1,
        });
    } else await setFavorite(workspace.pk, id, body.is_favorite);
    return noContent();
  },
);
