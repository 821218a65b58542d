import { IMPORT_MAX_BYTES, ImportEnvelope } from '@shared/contract/transfer';
import { loadWorkspace } from '../lib/data/workspace-read';
import { api, json, ok } from '../lib/http/http';
import { parseDocument, planImport, preview, runImport } from '../lib/use-cases/transfer-import';

/**
 * POST /prompts/import: `{document, dry_run}`. The whole document is checked first (400 with the
 * problems' positions, nothing written); `dry_run` answers what would happen; the real import
 * creates the new categories and prompts within the plan limits (403, nothing written, when they
 * do not fit) and skips duplicates. The rules are in functions/lib/use-cases/transfer-import.ts.
 */
export const handler = api('POST /prompts/import', { body: ImportEnvelope, maxBodyBytes: IMPORT_MAX_BYTES }, async ({ workspace, body }) => {
  const document = parseDocument(body.document);
  if (body.dry_run) return ok(preview(workspace, planImport(document, await loadWorkspace(workspace.pk))));
  const result = await runImport(workspace, document);
  return json(result.created || result.categories_created ? 201 : 200, result);
});
