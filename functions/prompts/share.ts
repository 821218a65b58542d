import { promptFrom, promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { sharePrompt } from '../lib/use-cases/share';

/** POST /prompts/{id}/share: a public link to the prompt (201, the same link when it is already shared). */
export const handler = api('POST /prompts/{id}/share', { preload: promptPreload }, async ({ workspace, preloaded, event }) =>
  created((await sharePrompt({ workspace, prompt: promptFrom(preloaded.prompt), headers: event.headers ?? {} })).answer),
);
