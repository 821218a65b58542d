import { IMPORT_MAX_BYTES, ImportEnvelope } from '@shared/contract/transfer';
import type { PromptItem } from '../lib/data/prompt';
import { loadWorkspace } from '../lib/data/workspace-read';
import { api, json, ok } from '../lib/http/http';
import { emitEvents, importedEvents } from '../lib/use-cases/events';
import { parseDocument, planImport, preview, runImport } from '../lib/use-cases/transfer-import';

/**
 * POST /prompts/import: `{document, dry_run}`. The whole document is checked first (400 with the
 * problems' positions, nothing written); `dry_run` answers what would happen; the real import
 * creates the new categories and prompts within the plan limits (403, nothing written, when they
 * do not fit) and skips duplicates, and tells each new prompt in the activity feed. The rules are
 * in functions/lib/use-cases/transfer-import.ts.
 */
export const handler = api('POST /prompts/import', { body: ImportEnvelope, maxBodyBytes: IMPORT_MAX_BYTES }, async ({ workspace, body }) => {
  const document = parseDocument(body.document);
  if (body.dry_run) return ok(preview(workspace, planImport(document, await loadWorkspace(workspace.pk))));
  const made: PromptItem[] = [];
  const result = await runImport(workspace, document, made);
  // Each new prompt told as the OpenAI import tells its one (the feed and webhooks): its version, then its labels.
  await emitEvents(
    workspace.pk,
    made.flatMap((prompt) => importedEvents(workspace.author, prompt)),
  );
  return json(result.created || result.categories_created ? 201 : 200, result);
});
