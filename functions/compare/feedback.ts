import { FeedbackInput } from '@shared/contract/compare';
import { promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { giveFeedback } from '../lib/use-cases/compare';
import { suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/feedback: thumbs up or down (and a note) on a Run answer of a version. */
export const handler = api('POST /prompts/{id}/feedback', { body: FeedbackInput, preload: promptPreload }, async ({ user, workspace, body, preloaded }) =>
  created(await giveFeedback(workspace.pk, user.id, suitePrompt(preloaded.prompt), body)),
);
