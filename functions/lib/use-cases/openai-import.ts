import type { OpenAiImportRequest, OpenAiImportResult } from '@shared/contract/openai-import';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@shared/contract/transfer';
import type { PromptContent, PromptItem } from '../data/prompt';
import type { WorkspaceRef } from '../data/workspace';
import { ConflictError } from '../http/errors';
import { emitEvents, importedEvents } from './events';
import { readPaste } from './openai-prompt';
import { type ImportingPrompt, runImport } from './transfer-import';

/**
 * POST /prompts/import/openai: an OpenAI prompt object made into a chat prompt with its versions,
 * through the one import pipeline (transfer-import.ts: plan limits, duplicates, one transaction
 * for the prompt, its slug, its earlier versions and its production label, so nothing is written
 * unless all of it is).
 */
export async function importOpenAiPrompt(workspace: WorkspaceRef, request: OpenAiImportRequest): Promise<OpenAiImportResult> {
  const mapped = readPaste(request);
  const contents: PromptContent[] = mapped.versions.map((v) => ({
    title: mapped.title,
    kind: 'chat',
    body: '',
    messages: v.messages,
    ...(Object.keys(v.config).length ? { config: v.config } : {}),
    tasks: [],
    industries: [],
  }));
  const { body: _derived, ...newest } = contents.at(-1)!;
  const labels = { production: mapped.production + 1 };
  const prompt: ImportingPrompt = { ...newest, category: null, is_favorite: false, history: contents.slice(0, -1), labels };
  const made: PromptItem[] = [];
  await runImport(workspace, { format: EXPORT_FORMAT, version: EXPORT_VERSION, categories: [], prompts: [prompt] }, made);
  const item = made[0];
  if (!item) throw new ConflictError(`"${mapped.title}" with these messages is already in your prompts: nothing was imported.`);
  // Told as a save and a label move are (the feed and webhooks): the newest version, then production.
  await emitEvents(workspace.pk, importedEvents(workspace.author, item));
  const { reasoning_effort: effort, config } = mapped.versions[mapped.production]!;
  const notes = [...mapped.notes];
  if (mapped.versions.some((v) => v.reasoning_effort)) {
    notes.push("Reasoning effort has no model setting here: the replacement call passes the production version's effort to OpenAI.");
  }
  return {
    prompt: { id: item.id, slug: item.slug!, title: item.title },
    ...(mapped.openai_id ? { openai_id: mapped.openai_id } : {}),
    versions: mapped.versions.map((v, i) => ({ openai: v.openai, version: i + 1 })),
    labels,
    variables: mapped.variables,
    ...(config.model ? { model: config.model } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
    notes,
  };
}
