import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelConfig } from '@shared/contract/chat';
import { BadRequestError } from '../../http/errors';
import { outboundFetch } from '../outbound-url';
import type { ModelEvent, ProviderCall } from './types';

/**
 * Anthropic's Messages API through `@anthropic-ai/sdk`, streamed, for workspace connections: the
 * system messages go apart (`system`), tools as `input_schema`, a JSON schema as
 * `output_config.format` (structured outputs), and `max_tokens`, which the API requires, defaults
 * to DEFAULT_MAX_TOKENS. Requests go through the checked outbound fetch, as OpenAI's do.
 */
export const DEFAULT_MAX_TOKENS = 4_096;
/** Anthropic has no "any JSON object" mode: the instruction is added to the system text instead. */
const JSON_OBJECT_INSTRUCTION = 'Answer with one JSON object and nothing else.';
export const NO_MESSAGE = 'Anthropic models need at least one user or assistant message besides the system message.';

export async function anthropicClient(apiKey: string, baseUrl: string | null, timeoutMs: number): Promise<Anthropic> {
  const { Anthropic } = await import('@anthropic-ai/sdk');
  return new Anthropic({ apiKey, baseURL: baseUrl ?? undefined, fetch: outboundFetch, timeout: timeoutMs, maxRetries: 0 });
}

/** The request body: system apart, the conversation, and the settings in Anthropic's words. */
export function anthropicRequest(call: Pick<ProviderCall, 'messages' | 'config' | 'model'>): MessageCreateParamsStreaming {
  const { config } = call;
  const system = call.messages.filter((m) => m.role === 'system').map((m) => m.content);
  if (config.response_format?.type === 'json_object') system.push(JSON_OBJECT_INSTRUCTION);
  const conversation = call.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  if (!conversation.length) throw new BadRequestError(NO_MESSAGE);
  return {
    model: call.model,
    stream: true,
    max_tokens: config.max_tokens ?? DEFAULT_MAX_TOKENS,
    ...(system.length ? { system: system.join('\n\n') } : {}),
    messages: conversation,
    ...(config.temperature !== undefined ? { temperature: Math.min(1, config.temperature) } : {}),
    ...(config.top_p !== undefined ? { top_p: config.top_p } : {}),
    ...(config.stop?.length ? { stop_sequences: config.stop } : {}),
    ...(config.response_format?.type === 'json_schema' ? { output_config: { format: { type: 'json_schema', schema: config.response_format.schema } } } : {}),
    ...tools(config),
  };
}

function tools(config: ModelConfig): Partial<MessageCreateParamsStreaming> {
  if (!config.tools?.length) return {};
  const choice = config.tool_choice;
  return {
    tools: config.tools.map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      input_schema: t.parameters as { type: 'object' },
    })),
    ...(choice === undefined
      ? {}
      : {
          tool_choice:
            choice === 'auto'
              ? { type: 'auto' }
              : choice === 'none'
                ? { type: 'none' }
                : choice === 'required'
                  ? { type: 'any' }
                  : { type: 'tool', name: choice.name },
        }),
  };
}

/** Streams one message: text deltas, each tool use once its input is whole, the usage at the end. */
export async function* anthropicStream(client: Anthropic, call: ProviderCall): AsyncGenerator<ModelEvent> {
  const stream = await client.messages.create(anthropicRequest(call), { signal: call.signal, timeout: call.firstResponseMs });
  let tokensIn = 0;
  let tokensOut = 0;
  const tools = new Map<number, { id: string; name: string; input: string; start: unknown }>();
  for await (const event of stream) {
    switch (event.type) {
      case 'message_start':
        tokensIn = event.message.usage?.input_tokens ?? 0;
        tokensOut = event.message.usage?.output_tokens ?? 0;
        break;
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          tools.set(event.index, { id: event.content_block.id, name: event.content_block.name, input: '', start: event.content_block.input });
        }
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta' && event.delta.text) yield { type: 'text', delta: event.delta.text };
        else if (event.delta.type === 'input_json_delta') {
          const tool = tools.get(event.index);
          if (tool) tool.input += event.delta.partial_json;
        }
        break;
      case 'content_block_stop': {
        const tool = tools.get(event.index);
        if (tool) {
          tools.delete(event.index);
          // A tool without parameters streams no input: its start block holds `{}`.
          yield { type: 'tool_call', id: tool.id, name: tool.name, arguments: tool.input || JSON.stringify(tool.start ?? {}) };
        }
        break;
      }
      case 'message_delta':
        if (event.usage?.output_tokens !== undefined && event.usage.output_tokens !== null) tokensOut = event.usage.output_tokens;
        if (event.usage?.input_tokens) tokensIn = event.usage.input_tokens;
        break;
    }
  }
  yield { type: 'usage', tokens_in: tokensIn, tokens_out: tokensOut };
}

/** The models a key may use (a connection's test), sorted. */
export async function anthropicModels(client: Anthropic, signal: AbortSignal, max: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client.models.list({}, { signal })) {
    ids.push(model.id);
    if (ids.length >= max) break;
  }
  return ids.sort();
}
