import * as z from 'zod/mini';
import { type ChatMessage, ModelConfig, type PromptKind, ResponseFormat, Tool } from '@shared/contract/chat';

/**
 * The prompt editor's chat messages and model settings as form values (strings and rows the
 * inputs edit) and back to the contract's shapes. Pure, so it is unit-tested on its own; the
 * contract's schemas give the rules, with the API's own words.
 */
export type MessageRole = ChatMessage['role'];
export interface MessageRow {
  role: MessageRole;
  /** A system, user or assistant message's text. */
  content: string;
  /** A placeholder's name. */
  name: string;
}

export const newRow = (role: MessageRole, name = ''): MessageRow => ({ role, content: '', name });

export const rowsOf = (messages: readonly ChatMessage[] | undefined): MessageRow[] =>
  (messages ?? []).map((m) => (m.role === 'placeholder' ? { role: m.role, content: '', name: m.name } : { role: m.role, content: m.content, name: '' }));

export const messagesOf = (rows: readonly MessageRow[]): ChatMessage[] =>
  rows.map((r) => (r.role === 'placeholder' ? { role: 'placeholder', name: r.name.trim() } : { role: r.role, content: r.content }));

/**
 * An unsaved draft as an evaluation or compare column sends it: a chat prompt's messages (run as
 * messages), else its body, with the current version's model settings as the editor holds them.
 */
export function draftInput(kind: PromptKind | undefined, draft: { body: string; rows: readonly MessageRow[] }, config: ModelConfig | undefined) {
  const settings = config && Object.keys(config).length ? { config } : {};
  return kind === 'chat' ? { kind: 'chat' as const, messages: messagesOf(draft.rows), ...settings } : { body: draft.body, ...settings };
}

/** A new chat prompt starts with a system and a user message. */
export const STARTER_ROWS: MessageRow[] = [newRow('system'), newRow('user')];

export const FORMAT_TYPES = ['', 'text', 'json_object', 'json_schema'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** The model settings as the inputs hold them: '' is "not set". */
export interface SettingsFields {
  model: string;
  /** Kept as it was (the connection is picked where the prompt runs). */
  connection_id: string;
  temperature: string;
  top_p: string;
  max_tokens: string;
  /** One stop sequence per line. */
  stop: string;
  format: FormatType;
  schema_name: string;
  /** The response schema as JSON text. */
  schema: string;
  /** The tools as a JSON array. */
  tools: string;
  /** '' (the provider's default), auto, none, required, or `tool:<name>`. */
  tool_choice: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function settingsFieldsOf(config: ModelConfig | undefined): SettingsFields {
  const c = config ?? {};
  const format = c.response_format;
  return {
    model: c.model ?? '',
    connection_id: c.connection_id ?? '',
    temperature: c.temperature === undefined ? '' : String(c.temperature),
    top_p: c.top_p === undefined ? '' : String(c.top_p),
    max_tokens: c.max_tokens === undefined ? '' : String(c.max_tokens),
    stop: (c.stop ?? []).join('\n'),
    format: format?.type ?? '',
    schema_name: format?.type === 'json_schema' ? format.name : '',
    schema: format?.type === 'json_schema' ? json(format.schema) : '',
    tools: c.tools?.length ? json(c.tools) : '',
    tool_choice: c.tool_choice === undefined ? '' : typeof c.tool_choice === 'string' ? c.tool_choice : `tool:${c.tool_choice.name}`,
  };
}

/** JSON text parsed, or the reason it is not JSON. */
function parseJson(text: string, what: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: `${what} must be valid JSON.` };
  }
}

const firstIssue = (schema: z.ZodMiniType, value: unknown): string | null => {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This is invalid.');
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Field rules (react-hook-form `validate`): true, or the contract's message. */
export const SETTINGS_RULES = {
  model: (v: string) => firstIssue(ModelConfig.shape.model, v.trim() || undefined) ?? true,
  temperature: (v: string) => firstIssue(ModelConfig.shape.temperature, number(v)) ?? true,
  top_p: (v: string) => firstIssue(ModelConfig.shape.top_p, number(v)) ?? true,
  max_tokens: (v: string) => firstIssue(ModelConfig.shape.max_tokens, number(v)) ?? true,
  stop: (v: string) => firstIssue(ModelConfig.shape.stop, stopsOf(v)) ?? true,
  tools: (v: string) => {
    if (!v.trim()) return true;
    const parsed = parseJson(v, 'Tools');
    if ('error' in parsed) return parsed.error;
    if (!Array.isArray(parsed.value)) return 'Tools must be a JSON array of {"name", "description", "parameters"}.';
    return firstIssue(z.array(Tool), parsed.value) ?? true;
  },
  schema: (v: string, fields: { format: FormatType; schema_name: string }) => {
    if (fields.format !== 'json_schema') return true;
    if (!v.trim()) return 'A JSON schema is required for this response format.';
    const parsed = parseJson(v, 'The response schema');
    if ('error' in parsed) return parsed.error;
    return firstIssue(ResponseFormat, { type: 'json_schema', name: fields.schema_name.trim() || 'response', schema: parsed.value }) ?? true;
  },
  schema_name: (v: string, fields: { format: FormatType }) =>
    fields.format !== 'json_schema' || /^[A-Za-z0-9_-]{1,64}$/.test(v.trim()) || "A response schema's name is 1 to 64 letters, digits, underscores or hyphens.",
};

const stopsOf = (text: string) => {
  const stops = text.split('\n').filter((s) => s.length > 0);
  return stops.length ? stops : undefined;
};

/** The names of the tools the tools field holds, when it parses (for the tool choice). */
export function toolNames(tools: string): string[] {
  if (!tools.trim()) return [];
  const parsed = parseJson(tools, 'Tools');
  if ('error' in parsed || !Array.isArray(parsed.value)) return [];
  return parsed.value.flatMap((t) => (t && typeof t === 'object' && typeof (t as { name?: unknown }).name === 'string' ? [(t as { name: string }).name] : []));
}

/** The settings as the contract takes them (fields left empty are left out), or the first problem. */
export function configOf(fields: SettingsFields): { config: ModelConfig } | { error: string } {
  const draft: Record<string, unknown> = {
    model: fields.model.trim() || undefined,
    connection_id: fields.connection_id || undefined,
    temperature: number(fields.temperature),
    top_p: number(fields.top_p),
    max_tokens: number(fields.max_tokens),
    stop: stopsOf(fields.stop),
  };
  if (fields.tools.trim()) {
    const parsed = parseJson(fields.tools, 'Tools');
    if ('error' in parsed) return parsed;
    draft.tools = parsed.value;
  }
  if (fields.format === 'json_schema') {
    const parsed = parseJson(fields.schema, 'The response schema');
    if ('error' in parsed) return parsed;
    draft.response_format = { type: 'json_schema', name: fields.schema_name.trim(), schema: parsed.value };
  } else if (fields.format) draft.response_format = { type: fields.format };
  if (fields.tool_choice) draft.tool_choice = fields.tool_choice.startsWith('tool:') ? { type: 'tool', name: fields.tool_choice.slice(5) } : fields.tool_choice;
  const clean = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));
  const result = z.safeParse(ModelConfig, clean);
  return result.success ? { config: result.data } : { error: result.error.issues[0]?.message ?? 'The model settings are invalid.' };
}
