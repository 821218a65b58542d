import { OPENAI_PASTE_MAX, OpenAiImportRequest } from '@shared/contract/openai-import';
import { api, created } from '../lib/http/http';
import { importOpenAiPrompt } from '../lib/use-cases/openai-import';

/**
 * POST /prompts/import/openai: `{paste, instructions?, title?}` → 201 with the chat prompt made
 * from an OpenAI prompt object and its versions (functions/lib/use-cases/openai-import.ts). A paste
 * that cannot be read is 400 with what was expected, the plan's prompt limit 403, the same prompt
 * again 409; nothing is written then.
 */
export const handler = api(
  'POST /prompts/import/openai',
  { body: OpenAiImportRequest, maxBodyBytes: 2 * OPENAI_PASTE_MAX + 4096 },
  async ({ workspace, body }) => created(await importOpenAiPrompt(workspace, body)),
);
