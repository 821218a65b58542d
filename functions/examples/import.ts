import { ExamplesImport } from '@shared/contract/suite';
import { promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { importExamples, suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/examples/import: CSV (a column per variable) or JSONL, every row checked; all stored or none. */
export const handler = api(
  'POST /prompts/{id}/examples/import',
  { body: ExamplesImport, preload: promptPreload, maxBodyBytes: 6 * 1024 * 1024 },
  async ({ workspace, body, preloaded }) => {
    const examples = await importExamples(workspace, suitePrompt(preloaded.prompt), body);
    return created({ imported: examples.length });
  },
);
