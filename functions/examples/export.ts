import { ExamplesExportQuery } from '@shared/contract/suite';
import { promptPreload } from '../lib/data/prompt';
import { api, fileResponse } from '../lib/http/http';
import { exportExamples, suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/examples/export?format=csv|jsonl: every example as a download an import reads back. */
export const handler = api(
  'GET /prompts/{id}/examples/export',
  { query: ExamplesExportQuery, preload: promptPreload },
  async ({ workspace, query, preloaded, event }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const format = query.format ?? 'csv';
    const text = await exportExamples(workspace, prompt, format);
    const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
    return fileResponse(text, type, `${prompt.slug ?? prompt.id}-examples.${format}`, event.headers?.['accept-encoding']);
  },
);
