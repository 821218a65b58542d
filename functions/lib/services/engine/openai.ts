import type { OpenAI } from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ModelConfig } from '@shared/contract/chat';
import { outboundFetch } from '../outbound-url';
import { estimateTokens } from './token-estimate';
import type { ModelEvent, ProviderCall } from './types';

/**
 * OpenAI's chat completions through the `openai` SDK, streamed: the product's own model (the
 * enhancer's client, engine/index.ts) and workspace connections to OpenAI or any server that
 * speaks its API (Ollama, vLLM, LiteLLM, OpenRouter: `openai_compatible`, with the server's base
 * URL). A connection's requests go through the checked outbound fetch (outbound-url.ts), so a
 * base URL that turns private after it was saved is still refused.
 */
export type OpenAiFlavour = 'openai' | 'openai_compatible';

/** A client for a workspace connection; the SDK retries nothing (a run has one deadline). */
export async function connectionClient(apiKey: string, baseUrl: string | null, timeoutMs: number): Promise<OpenAI> {
  const { OpenAI } = await import('openai');
  return new OpenAI({ apiKey, baseURL: baseUrl ?? undefined, fetch: outboundFetch, timeout: timeoutMs, maxRetries: 0 });
}

/** The request body: the prompt's settings in OpenAI's words. */
export function openAiRequest(call: Pick<ProviderCall, 'messages' | 'config' | 'model'>, flavour: OpenAiFlavour): ChatCompletionCreateParamsStreaming {
  const { config } = call;
  return {
    model: call.model,
    stream: true,
    stream_options: { include_usage: true },
    messages: call.messages,
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.top_p !== undefined ? { top_p: config.top_p } : {}),
    // OpenAI's newer models take only max_completion_tokens; compatible servers know max_tokens.
    ...(config.max_tokens !== undefined ? (flavour === 'openai' ? { max_completion_tokens: config.max_tokens } : { max_tokens: config.max_tokens }) : {}),
    ...(config.stop?.length ? { stop: config.stop } : {}),
    ...responseFormat(config),
    ...tools(config),
  };
}

function responseFormat(config: ModelConfig): Partial<ChatCompletionCreateParamsStreaming> {
  const format = config.response_format;
  if (!format || format.type === 'text') return {};
  if (format.type === 'json_object') return { response_format: { type: 'json_object' } };
  return {
    response_format: {
      type: 'json_schema',
      json_schema: { name: format.name, schema: format.schema, ...(format.strict !== undefined ? { strict: format.strict } : {}) },
    },
  };
}

function tools(config: ModelConfig): Partial<ChatCompletionCreateParamsStreaming> {
  if (!config.tools?.length) return {};
  const list: ChatCompletionTool[] = config.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters },
  }));
  const choice = config.tool_choice;
  return {
    tools: list,
    ...(choice === undefined ? {} : { tool_choice: typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } } }),
  };
}

/** Streams one completion: text deltas as they come, each tool call once its arguments are whole, the usage last. */
export async function* openAiStream(client: OpenAI, flavour: OpenAiFlavour, call: ProviderCall): AsyncGenerator<ModelEvent> {
  const stream = await client.chat.completions.create(openAiRequest(call, flavour), { signal: call.signal, timeout: call.firstResponseMs });
  // Tool calls arrive in pieces, by index: the id and name first, then the arguments' text.
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  const flush = function* (): Generator<ModelEvent> {
    for (const [index, c] of [...calls].sort(([a], [b]) => a - b)) {
      calls.delete(index);
      yield { type: 'tool_call', id: c.id, name: c.name, arguments: c.arguments };
    }
  };
  // What was said, for a count of our own when the server sends no usage (some OpenAI-compatible ones).
  let said = '';
  let counted = false;
  for await (const chunk of stream) {
    if (chunk.usage) {
      counted = true;
      yield { type: 'usage', tokens_in: chunk.usage.prompt_tokens ?? 0, tokens_out: chunk.usage.completion_tokens ?? 0 };
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.delta?.content) {
      said += choice.delta.content;
      yield { type: 'text', delta: choice.delta.content };
    }
    for (const piece of choice.delta?.tool_calls ?? []) {
      const c = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
      if (piece.id) c.id = piece.id;
      if (piece.function?.name) c.name += piece.function.name;
      if (piece.function?.arguments) c.arguments += piece.function.arguments;
      if (piece.function?.arguments) said += piece.function.arguments;
      calls.set(piece.index, c);
    }
    if (choice.finish_reason) yield* flush();
  }
  yield* flush();
  if (!counted) {
    const prompt = call.messages.map((m) => m.content).join('\n');
    const [tokensIn, tokensOut] = await estimateTokens(prompt, said);
    yield { type: 'usage', tokens_in: tokensIn!, tokens_out: tokensOut!, estimated: true };
  }
}

/** The models a key may use (a connection's test), sorted. */
export async function openAiModels(client: OpenAI, signal: AbortSignal, max: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client.models.list({ signal })) {
    ids.push(model.id);
    if (ids.length >= max) break;
  }
  return ids.sort();
}
