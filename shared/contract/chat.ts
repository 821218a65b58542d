import * as z from 'zod/mini';
import { safeLine, safeText } from './common';

/**
 * Chat prompts and model settings (docs/data-model.md, "Prompt content"). A prompt is `text` (one
 * body, as always) or `chat` (messages); both kinds carry `config`, the model settings saved with
 * each version. A chat prompt's body is derived from its messages (shared/chat.ts), never sent.
 * The JSON Schema validity of tool parameters and response schemas is checked on the server with
 * Ajv (functions/lib/services/json-schema.ts), which stays out of the web bundle; here only shape,
 * size and depth.
 */
export const PROMPT_KINDS = ['text', 'chat'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];
export const PromptKind = z.enum(PROMPT_KINDS, "kind must be 'text' or 'chat'.");

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];
export const MESSAGE_ROLES = [...CHAT_ROLES, 'placeholder'] as const;

/** Messages per chat prompt. */
export const MESSAGES_MAX = 100;
/** The characters of all messages of a chat prompt together: the same as a text prompt's body. */
export const MESSAGES_TEXT_MAX = 20_000;
/** The model settings as JSON, in UTF-8 bytes (tools and schemas included): a version item stays far below 400 KB. */
export const CONFIG_MAX_BYTES = 64 * 1024;
/** How deeply a tool's parameters or a response schema may nest (Ajv compiles untrusted schemas: bounded). */
export const SCHEMA_DEPTH_MAX = 32;
export const TOOLS_MAX = 128;
/**
 * The request body limit of the routes that take a prompt's content (create, replace, the admin's
 * edit): the largest valid prompt (messages, settings, escaped JSON) fits; past it, 413.
 */
export const PROMPT_MAX_BYTES = 256 * 1024;
export const STOP_MAX = 4;

const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const PLACEHOLDER_NAME_MESSAGE = "A placeholder's name is 1 to 64 letters, digits, underscores or hyphens.";
export const ROLE_MESSAGE = "Each message's role must be system, user, assistant or placeholder.";

const MessageContent = z.string().check(
  z.refine((c: string) => c.trim().length > 0, "A message's content is required."),
  z.maxLength(MESSAGES_TEXT_MAX, `A message must be at most ${MESSAGES_TEXT_MAX} characters.`),
  safeText('A message'),
);

/** A message with text: system, user or assistant. */
export const ContentMessage = z.strictObject({ role: z.enum(CHAT_ROLES), content: MessageContent });
export type ContentMessage = z.infer<typeof ContentMessage>;

/** A slot for a conversation the caller passes in at compile time (`history`). */
export const PlaceholderMessage = z.strictObject(
  { role: z.literal('placeholder'), name: z.string().check(z.regex(NAME_PATTERN, PLACEHOLDER_NAME_MESSAGE)) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'A placeholder message has a name and no content.' : undefined) },
);
export type PlaceholderMessage = z.infer<typeof PlaceholderMessage>;

export const ChatMessage = z.discriminatedUnion('role', [ContentMessage, PlaceholderMessage], {
  error: (issue) => (issue.code === 'invalid_union' ? ROLE_MESSAGE : undefined),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const isPlaceholder = (m: ChatMessage): m is PlaceholderMessage => m.role === 'placeholder';

export const Messages = z.array(ChatMessage).check(
  z.maxLength(MESSAGES_MAX, `A chat prompt may have at most ${MESSAGES_MAX} messages.`),
  z.refine((ms: ChatMessage[]) => ms.some((m) => !isPlaceholder(m)), 'A chat prompt needs at least one system, user or assistant message.'),
  z.refine(
    (ms: ChatMessage[]) => ms.reduce((n, m) => n + (isPlaceholder(m) ? 0 : m.content.length), 0) <= MESSAGES_TEXT_MAX,
    `A chat prompt's messages must be at most ${MESSAGES_TEXT_MAX} characters in all.`,
  ),
  z.refine((ms: ChatMessage[]) => {
    const names = ms.filter(isPlaceholder).map((m) => m.name);
    return new Set(names).size === names.length;
  }, 'Each placeholder needs a name of its own.'),
);

/** Nesting depth of a JSON value (an object or array counts one level). */
export function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(child));
    if (deepest > SCHEMA_DEPTH_MAX) break;
  }
  return deepest + 1;
}

/** A JSON Schema as a JSON object; that it is valid JSON Schema is checked on the server (Ajv). */
const JsonSchemaObject = (field: string) =>
  z
    .record(z.string(), z.unknown(), `${field} must be a JSON Schema (an object).`)
    .check(z.refine((s: Record<string, unknown>) => jsonDepth(s) <= SCHEMA_DEPTH_MAX, `${field} nests more than ${SCHEMA_DEPTH_MAX} levels deep.`));

const ToolName = z.string('A tool needs a name.').check(z.regex(NAME_PATTERN, "A tool's name is 1 to 64 letters, digits, underscores or hyphens."));

/** A function the model may call; Construct shows the calls, never runs them. `parameters`: a JSON Schema of type object. */
export const Tool = z.strictObject({
  name: ToolName,
  description: z.optional(z.string().check(z.maxLength(2000, "A tool's description must be at most 2000 characters."), safeText("A tool's description"))),
  parameters: JsonSchemaObject("A tool's parameters").check(
    z.refine((s: Record<string, unknown>) => s.type === 'object', 'A tool\'s parameters must be a JSON Schema with "type": "object".'),
  ),
});
export type Tool = z.infer<typeof Tool>;

/** How the answer is formatted: free text, any JSON object, or JSON valid against a schema. */
export const ResponseFormat = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text') }),
    z.strictObject({ type: z.literal('json_object') }),
    z.strictObject({
      type: z.literal('json_schema'),
      name: z
        .string('A response schema needs a name.')
        .check(z.regex(NAME_PATTERN, "A response schema's name is 1 to 64 letters, digits, underscores or hyphens.")),
      schema: JsonSchemaObject('The response schema'),
      /** OpenAI's strict structured outputs. */
      strict: z.optional(z.boolean()),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? "response_format's type must be text, json_object or json_schema." : undefined) },
);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

/** Whether the model must call a tool: its choice, none, any, or the one named. */
export const ToolChoice = z.union([
  z.enum(['auto', 'none', 'required'], "tool_choice must be 'auto', 'none', 'required' or {type: 'tool', name}."),
  z.strictObject({ type: z.literal('tool'), name: ToolName }),
]);
export type ToolChoice = z.infer<typeof ToolChoice>;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The model settings of a version (every field optional; a run or a compile's caller fills the gaps). */
export const ModelConfig = z
  .strictObject({
    /** The provider's model name, e.g. gpt-4.1-mini or claude-sonnet-4-5. */
    model: z.optional(
      z.string().check(z.trim(), z.minLength(1, 'model must not be empty.'), z.maxLength(200, 'model must be at most 200 characters.'), safeLine('model')),
    ),
    /** A model connection of the workspace (GET /connections); without one the product's model runs it. */
    connection_id: z.optional(z.string().check(z.minLength(1, 'connection_id must not be empty.'), z.maxLength(64, 'connection_id is invalid.'))),
    temperature: z.optional(
      z.number('temperature must be a number.').check(z.gte(0, 'temperature must be from 0 to 2.'), z.lte(2, 'temperature must be from 0 to 2.')),
    ),
    top_p: z.optional(z.number('top_p must be a number.').check(z.gte(0, 'top_p must be from 0 to 1.'), z.lte(1, 'top_p must be from 0 to 1.'))),
    max_tokens: z.optional(
      z
        .number('max_tokens must be a number.')
        .check(z.int('max_tokens must be a whole number.'), z.gte(1, 'max_tokens must be 1 or more.'), z.lte(1_000_000, 'max_tokens must be at most 1000000.')),
    ),
    /** Up to 4 sequences where the model stops writing. */
    stop: z.optional(
      z
        .array(
          z
            .string()
            .check(
              z.minLength(1, 'A stop sequence must not be empty.'),
              z.maxLength(200, 'A stop sequence must be at most 200 characters.'),
              safeText('A stop sequence'),
            ),
        )
        .check(z.maxLength(STOP_MAX, `At most ${STOP_MAX} stop sequences.`)),
    ),
    response_format: z.optional(ResponseFormat),
    tools: z.optional(z.array(Tool).check(z.maxLength(TOOLS_MAX, `At most ${TOOLS_MAX} tools.`))),
    tool_choice: z.optional(ToolChoice),
  })
  .check(
    z.refine((c) => {
      const names = (c.tools ?? []).map((t) => t.name);
      return new Set(names).size === names.length;
    }, 'Each tool needs a name of its own.'),
    z.refine(
      (c) => c.tool_choice === undefined || c.tool_choice === 'auto' || c.tool_choice === 'none' || (c.tools ?? []).length > 0,
      'tool_choice asks for a tool, but there are no tools.',
    ),
    z.refine(
      (c) => typeof c.tool_choice !== 'object' || (c.tools ?? []).some((t) => t.name === (c.tool_choice as { name: string }).name),
      'tool_choice names a tool that is not among the tools.',
    ),
    z.refine((c) => byteLength(c) <= CONFIG_MAX_BYTES, `Model settings must be at most ${CONFIG_MAX_BYTES / 1024} KB as JSON (tools and schemas included).`),
  );
export type ModelConfig = z.infer<typeof ModelConfig>;

/** A turn of the conversation a caller passes in for a placeholder (compile's `history`). */
export const HistoryMessage = z.strictObject({
  role: z.enum(CHAT_ROLES, 'Each history message has the role system, user or assistant.'),
  content: z.string().check(z.maxLength(MESSAGES_TEXT_MAX, `A history message must be at most ${MESSAGES_TEXT_MAX} characters.`)),
});
export type HistoryMessage = z.infer<typeof HistoryMessage>;
export const HISTORY_MAX = 500;

/** A compiled chat message: what the OpenAI and Anthropic SDKs take (Anthropic's system apart: see the SDK's toAnthropic). */
export const CompiledMessage = z.object({ role: z.enum(CHAT_ROLES), content: z.string() });
export type CompiledMessage = z.infer<typeof CompiledMessage>;
