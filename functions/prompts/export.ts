import { ExportQuery, exportFileName } from '@shared/contract/transfer';
import { loadWorkspace } from '../lib/data/workspace-read';
import { api, fileResponse } from '../lib/http/http';
import { buildDocument, renderMarkdown, workspaceSuites } from '../lib/use-cases/transfer-export';

/**
 * GET /prompts/export?format=json|markdown: the caller's whole workspace as a download. JSON (the
 * default) is the document POST /prompts/import takes, in this or any other account; Markdown is
 * one readable file and cannot be imported.
 */
export const handler = api('GET /prompts/export', { query: ExportQuery }, async ({ workspace, query, event }) => {
  const format = query.format ?? 'json';
  const now = new Date();
  const [content, suites] = await Promise.all([loadWorkspace(workspace.pk), workspaceSuites(workspace.pk)]);
  const document = buildDocument(content, now, suites);
  const [body, type] =
    format === 'json'
      ? [`${JSON.stringify(document, null, 2)}\n`, 'application/json; charset=utf-8']
      : [renderMarkdown(document), 'text/markdown; charset=utf-8'];
  return fileResponse(body, type, exportFileName(format, now), event.headers?.['accept-encoding']);
});
