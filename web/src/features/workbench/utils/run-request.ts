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
 * What Run sends (POST /engine/run): a text prompt's filled text or a chat prompt's filled
 * messages, the prompt's model settings with the model chosen here, and the connection chosen
 * here (null: Construct's model), so the server compiles nothing.
 */
export function runRequest(
  prompt: WorkbenchPrompt,
  filled: { text: string; values: Record<string, string | undefined>; directives: Directives | undefined; apply: boolean },
  target: RunTarget,
): RunRequest {
  const { connection_id: _saved, model: savedModel, ...settings } = (prompt.config ?? {}) as ModelConfig;
  const model = target.connectionId ? target.model || savedModel : undefined;
  const config: ModelConfig = { ...settings, ...(model ? { model } : {}) };
  return {
    ...(prompt.kind === 'chat' && prompt.messages?.length
      ? { messages: fillMessages(prompt.messages, filled.values, filled.directives, filled.apply) }
      : { text: filled.text }),
    ...(Object.keys(config).length ? { config } : {}),
    connection_id: target.connectionId,
    ...(prompt.id ? { prompt_id: prompt.id } : {}),
    ...(prompt.version ? { version: prompt.version } : {}),
  };
}
