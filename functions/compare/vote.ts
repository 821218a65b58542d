import { VoteInput } from '@shared/contract/compare';
import { promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { castVote } from '../lib/use-cases/compare';
import { suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/votes: which answer was better (or a tie); a compare session's columns are named in the answer. */
export const handler = api('POST /prompts/{id}/votes', { body: VoteInput, preload: promptPreload }, async ({ user, workspace, body, preloaded }) =>
  created(await castVote(workspace.pk, user.id, suitePrompt(preloaded.prompt), body)),
);
