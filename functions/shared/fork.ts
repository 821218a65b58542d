import { toPrompt } from '../lib/data/prompt';
import { forkShared } from '../lib/data/share';
import { api, created } from '../lib/http/http';

/** POST /shared/{token}/fork: copies the shared prompt into the caller's My Prompts (plan limit max_prompts). */
export const handler = api('POST /shared/{token}/fork', {}, async ({ user, workspace, params }) =>
  created(toPrompt(await forkShared(workspace, params.token), new Map())),
);
