import { ExampleReplace } from '@shared/contract/suite';
import { exampleFrom, examplePreload, replaceExample } from '../lib/data/examples';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { checkFits, fieldsOf, suitePrompt } from '../lib/use-cases/examples';

/** PUT /prompts/{id}/examples/{example_id}: the example's fields replaced (its source and creation stay). */
export const handler = api(
  'PUT /prompts/{id}/examples/{example_id}',
  { body: ExampleReplace, preload: { ...promptPreload, ...examplePreload } },
  async ({ workspace, body, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const current = exampleFrom(preloaded.example);
    checkFits(prompt, body.inputs);
    const { source: _, ...fields } = fieldsOf(body, current.source);
    return ok(await replaceExample(workspace.pk, prompt.id, current, fields));
  },
);
