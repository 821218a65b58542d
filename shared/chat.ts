import type { ChatMessage, ModelConfig, PromptKind } from './contract/chat';

/**
 * A prompt's content in both kinds (shared/contract/chat.ts). A chat prompt's `body` is its
 * messages as a readable transcript (transcriptOf), written by the prompt entity on every save, so
 * every reader of a body (cards, search, the library, exports, share pages, the variable detector)
 * shows a chat prompt readably and finds the markers of all its messages.
 */
export interface Content {
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  config?: ModelConfig;
}

const ROLE_LABEL = { system: 'System', user: 'User', assistant: 'Assistant' } as const;

/**
 * The transcript of a chat prompt: each message under its role's name, a blank line between, a
 * placeholder as one line naming it. A marker never spans lines, so the transcript holds exactly
 * the markers of the messages, and no others.
 */
export function transcriptOf(messages: readonly ChatMessage[]): string {
  return messages.map((m) => (m.role === 'placeholder' ? `(Placeholder: ${m.name})` : `${ROLE_LABEL[m.role]}:\n${m.content}`)).join('\n\n');
}

/** True when a body could be a transcript (it starts with a role line): every chat prompt's body does. */
export const mayBeTranscript = (body: string) => /^(?:(?:System|User|Assistant):\n|\(Placeholder: )/.test(body);

/** The body a prompt is stored with: a text prompt's own, a chat prompt's transcript. */
export const bodyOf = (content: { kind?: PromptKind; body?: string; messages?: readonly ChatMessage[] }): string =>
  content.kind === 'chat' ? transcriptOf(content.messages ?? []) : (content.body ?? '');

export const isChat = (content: { kind?: PromptKind }) => content.kind === 'chat';

/** Two JSON values alike: objects key by key whatever their order, arrays item by item. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bKeys = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The model settings, empty ones left out (so `{}` and a missing config are the same content). */
export const configOf = (content: { config?: ModelConfig | null }): ModelConfig => content.config ?? {};

/** What a prompt's content adds to title and tags when it is stored: absent on a plain text prompt. */
export const CONTENT_EXTRAS = ['kind', 'messages', 'config'] as const;

/**
 * The content as stored (prompt, version and library items, exports): `kind` and `messages` only
 * for chat, `config` only when something is set, so a text prompt's item is as it always was;
 * a chat prompt's body is derived from its messages.
 */
export function storedContent(c: { kind?: PromptKind; body?: string; messages?: readonly ChatMessage[]; config?: ModelConfig | null }): Content {
  const config = configOf(c);
  const settings = Object.keys(config).length ? { config } : {};
  if (c.kind === 'chat') return { kind: 'chat', body: transcriptOf(c.messages ?? []), messages: [...(c.messages ?? [])], ...settings };
  return { body: c.body ?? '', ...settings };
}

/** The content as every answer shows it: `kind` and `config` always, `messages` for chat. */
export function contentView(c: { kind?: PromptKind; body: string; messages?: ChatMessage[]; config?: ModelConfig | null }) {
  return { kind: c.kind ?? 'text', body: c.body, ...(c.kind === 'chat' ? { messages: c.messages ?? [] } : {}), config: configOf(c) } as const;
}

/** The same content: kind, body, messages and settings alike (settings whatever the order of their keys). */
export const sameBodyAndSettings = (a: Content, b: Content) =>
  (a.kind ?? 'text') === (b.kind ?? 'text') && a.body === b.body && sameJson(a.messages ?? null, b.messages ?? null) && sameJson(configOf(a), configOf(b));

/** A one-line summary of the settings for the collapsed section: "gpt-4.1 · temperature 0.2 · 2 tools". */
export function describeConfig(config: ModelConfig): string {
  const parts: string[] = [];
  if (config.model) parts.push(config.model);
  if (config.temperature !== undefined) parts.push(`temperature ${config.temperature}`);
  if (config.top_p !== undefined) parts.push(`top_p ${config.top_p}`);
  if (config.max_tokens !== undefined) parts.push(`max ${config.max_tokens} tokens`);
  if (config.stop?.length) parts.push(`${config.stop.length} stop ${config.stop.length === 1 ? 'sequence' : 'sequences'}`);
  if (config.response_format && config.response_format.type !== 'text')
    parts.push(config.response_format.type === 'json_schema' ? `JSON schema ${config.response_format.name}` : 'JSON');
  if (config.tools?.length) parts.push(`${config.tools.length} ${config.tools.length === 1 ? 'tool' : 'tools'}`);
  return parts.join(' · ');
}

/**
 * The settings as readable lines, for History's diff: one line per setting, schemas and tools as
 * indented JSON with their keys in a stable order, so only what changed shows.
 */
export function settingsText(config: ModelConfig | undefined): string {
  const c = config ?? {};
  const lines: string[] = [];
  const scalar = (name: string, value: unknown) => {
    if (value !== undefined) lines.push(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  };
  scalar('model', c.model);
  scalar('connection', c.connection_id);
  scalar('temperature', c.temperature);
  scalar('top_p', c.top_p);
  scalar('max_tokens', c.max_tokens);
  if (c.stop?.length) scalar('stop', c.stop);
  if (c.response_format) {
    const f = c.response_format;
    lines.push(`response_format: ${f.type}${f.type === 'json_schema' ? ` ${f.name}${f.strict ? ' (strict)' : ''}` : ''}`);
    if (f.type === 'json_schema') lines.push(...indented(f.schema));
  }
  for (const tool of c.tools ?? []) {
    lines.push(`tool: ${tool.name}${tool.description ? ` (${tool.description})` : ''}`);
    lines.push(...indented(tool.parameters));
  }
  if (c.tool_choice !== undefined) scalar('tool_choice', typeof c.tool_choice === 'string' ? c.tool_choice : `tool ${c.tool_choice.name}`);
  return lines.join('\n');
}

const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
        )
      : value;

const indented = (value: unknown) =>
  JSON.stringify(sortedKeys(value), null, 2)
    .split('\n')
    .map((line) => `  ${line}`);
