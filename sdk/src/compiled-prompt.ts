import type { ChatMessage, CompileAnswer, ModelConfig } from './types.js';

/** OpenAI's Chat Completions parameters (`openai.chat.completions.create`), less what you add: `model` when the prompt names none. */
export interface OpenAIChatParams {
  model?: string;
  messages: ({ role: 'system'; content: string } | { role: 'user'; content: string } | { role: 'assistant'; content: string })[];
  temperature?: number;
  top_p?: number;
  max_completion_tokens?: number;
  stop?: string[];
  response_format?:
    | { type: 'text' }
    | { type: 'json_object' }
    | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  tool_choice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };
}

/** Anthropic's Messages parameters (`anthropic.messages.create`), the system prompt apart; add `model` and `max_tokens` when the prompt has none. */
export interface AnthropicMessageParams {
  model?: string;
  max_tokens?: number;
  system?: string;
  messages: ({ role: 'user'; content: string } | { role: 'assistant'; content: string })[];
  temperature?: number;
  top_p?: number;
  stop_sequences?: string[];
  tools?: { name: string; description?: string; input_schema: { type: 'object'; [key: string]: unknown } }[];
  tool_choice?: { type: 'auto' } | { type: 'any' } | { type: 'none' } | { type: 'tool'; name: string };
}

/** The object without its undefined fields (what the APIs are sent). */
export const defined = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * A prompt compiled to messages (`prompts.compileChat`): a chat prompt's messages, or a text
 * prompt's text as one user message, with the version's model settings; `toOpenAI()` and
 * `toAnthropic()` shape them for those SDKs.
 */
export class CompiledPrompt {
  readonly kind: 'text' | 'chat';
  readonly messages: readonly ChatMessage[];
  readonly config: ModelConfig;

  constructor(answer: CompileAnswer) {
    this.kind = answer.kind;
    this.messages = answer.kind === 'chat' ? answer.messages : [{ role: 'user', content: answer.text }];
    this.config = answer.config ?? {};
  }

  /** For `openai.chat.completions.create({ ...compiled.toOpenAI() })` (add `model` if the prompt has none). */
  toOpenAI(): OpenAIChatParams {
    const c = this.config;
    const format = c.response_format;
    return defined({
      model: c.model,
      messages: this.messages.map((m) => ({ role: m.role, content: m.content })),
      temperature: c.temperature,
      top_p: c.top_p,
      max_completion_tokens: c.max_tokens,
      stop: c.stop,
      response_format:
        format?.type === 'json_schema'
          ? { type: 'json_schema' as const, json_schema: defined({ name: format.name, schema: format.schema, strict: format.strict }) }
          : format,
      tools: c.tools?.map((t) => ({ type: 'function' as const, function: defined({ name: t.name, description: t.description, parameters: t.parameters }) })),
      tool_choice: typeof c.tool_choice === 'object' ? { type: 'function' as const, function: { name: c.tool_choice.name } } : c.tool_choice,
    });
  }

  /**
   * For `anthropic.messages.create({ max_tokens: 1024, ...compiled.toAnthropic() })`: the system
   * messages (all of them, in order) become `system`; tools take `input_schema`. Anthropic has no
   * `response_format` of this shape: a JSON schema is left to you (a tool, or the instructions).
   */
  toAnthropic(): AnthropicMessageParams {
    const c = this.config;
    const system = this.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const choice = c.tool_choice;
    return defined({
      model: c.model,
      max_tokens: c.max_tokens,
      system: system.length ? system.join('\n\n') : undefined,
      messages: this.messages.flatMap((m) => (m.role === 'system' ? [] : [{ role: m.role, content: m.content }])),
      temperature: c.temperature,
      top_p: c.top_p,
      stop_sequences: c.stop,
      tools: c.tools?.map((t) => defined({ name: t.name, description: t.description, input_schema: t.parameters as { type: 'object' } })),
      tool_choice:
        choice === undefined
          ? undefined
          : typeof choice === 'object'
            ? { type: 'tool' as const, name: choice.name }
            : choice === 'required'
              ? { type: 'any' as const }
              : { type: choice },
    });
  }
}
