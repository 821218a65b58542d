import { exampleFrom, examplePreload } from '../lib/data/examples';
import { promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { removeExample, suitePrompt } from '../lib/use-cases/examples';

/** DELETE /prompts/{id}/examples/{example_id} (the example is read with the prompt: a library one is remembered as dismissed). */
export const handler = api(
  'DELETE /prompts/{id}/examples/{example_id}',
  { preload: { ...promptPreload, ...examplePreload } },
  async ({ workspace, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    await removeExample(workspace.pk, prompt.id, exampleFrom(preloaded.example));
    return noContent();
  },
);
