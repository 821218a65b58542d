import { toPrompt } from '../lib/data/workspace-read';
import { api, created } from '../lib/http/http';
import { forkShared } from '../lib/use-cases/share';

/** POST /shared/{token}/fork: copies the shared prompt into the caller's My Prompts (plan limit max_prompts). */
export const handler = api('POST /shared/{token}/fork', {}, async ({ workspace, params }) =>
  created(toPrompt(await forkShared(workspace, params.token), new Map())),
);
