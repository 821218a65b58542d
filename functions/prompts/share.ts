import { api, created, ok } from '../lib/http';
import { sharePrompt } from '../lib/share';
import { promptFrom, promptPreload } from '../lib/versions';

/** POST /prompts/{id}/share: a public link to the prompt (201; the same link, 200, when already shared). */
export const handler = api('POST /prompts/{id}/share', { preload: promptPreload }, async ({ user, preloaded, event }) => {
  const { created: made, answer } = await sharePrompt(user.id, promptFrom(preloaded.prompt), event.headers ?? {});
  return made ? created(answer) : ok(answer);
});
