import { ExampleInput } from '@shared/contract/suite';
import { addExamples } from '../lib/data/examples';
import { promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { checkFits, fieldsOf, suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/examples: one example, its inputs fitting the prompt's variables; 409 past the plan's examples per prompt. */
export const handler = api('POST /prompts/{id}/examples', { body: ExampleInput, preload: promptPreload }, async ({ workspace, body, preloaded }) => {
  const prompt = suitePrompt(preloaded.prompt);
  checkFits(prompt, body.inputs);
  const [example] = await addExamples(workspace.pk, workspace.tier, prompt.id, [fieldsOf(body, body.source ?? 'manual')]);
  return created(example);
});
