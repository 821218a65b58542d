import { withDirectives } from '@shared/compile';
import type { ChatMessage, CompiledMessage, ModelConfig } from '@shared/contract/chat';
import type { Directives } from '@shared/contract/context';
import type { RunRequest } from '@shared/contract/run';
import { renderTemplate } from '@shared/variables';
import type { RunTarget } from '@/components/run-target';
import type { WorkbenchPrompt } from '../types';

/**
 * A chat prompt's messages filled with the workbench's values, as the registry's compile fills
 * them (shared/compile.ts): a placeholder has no conversation in the workbench and is left out;
 * with the directives on, they wrap the first system message (or lead as one of their own).
 */
export function fillMessages(
  messages: readonly ChatMessage[],
  values: Record<string, string | undefined>,
  directives: Directives | undefined,
  apply: boolean,
): CompiledMessage[] {
  const filled = messages.flatMap((m): CompiledMessage[] => (m.role === 'placeholder' ? [] : [{ role: m.role, content: renderTemplate(m.content, values) }]));
  return apply ? withDirectives(filled, directives) : filled;
}

/**
 * What Run sends (POST /engine/run): for a saved version of the workspace's prompt given its
 * `inputs`, the version and the INPUT values, so the server compiles it as the registry and a
 * compare do (snippets, PROFILE values and directives as stored when it runs: the page's copy may
 * be older); otherwise (a library or shared prompt, or values typed here in place of stored ones)
 * a text prompt's filled text or a chat prompt's filled messages. With the prompt's model settings
 * and the model chosen here, and the connection chosen here (null: Construct's model).
 */
export function runRequest(
  prompt: WorkbenchPrompt,
  filled: {
    text: string;
    values: Record<string, string | undefined>;
    directives: Directives | undefined;
    apply: boolean;
    /** INPUT values by name: the server may compile the saved version (nothing typed stands in for a stored SNIPPET or PROFILE value). */
    inputs?: Record<string, string>;
  },
  target: RunTarget,
): RunRequest {
  const { connection_id: _saved, model: savedModel, ...settings } = (prompt.config ?? {}) as ModelConfig;
  const model = target.connectionId ? target.model || savedModel : undefined;
  const config: ModelConfig = { ...settings, ...(model ? { model } : {}) };
  const content =
    filled.inputs && prompt.id && prompt.version
      ? { variables: filled.inputs, directives: filled.apply }
      : prompt.kind === 'chat' && prompt.messages?.length
        ? { messages: fillMessages(prompt.messages, filled.values, filled.directives, filled.apply) }
        : { text: filled.text };
  return {
    ...content,
    ...(Object.keys(config).length ? { config } : {}),
    connection_id: target.connectionId,
    ...(prompt.id ? { prompt_id: prompt.id } : {}),
    ...(prompt.version ? { version: prompt.version } : {}),
  };
}
