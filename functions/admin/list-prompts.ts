import { api, ok } from '../lib/http';
import { adminPromptRows, loadLibrary } from '../lib/library';

/** GET /admin/prompts: every library prompt with its category, curator and tier. */
export const handler = api('GET /admin/prompts', {}, async () => ok(adminPromptRows(await loadLibrary())));
