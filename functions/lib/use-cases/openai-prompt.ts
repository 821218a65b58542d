import * as z from 'zod/mini';
import { type ChatMessage, Messages, ModelConfig, type ResponseFormat, type Tool, type ToolChoice } from '@shared/contract/chat';
import type { OpenAiImportRequest } from '@shared/contract/openai-import';
import { Title } from '@shared/contract/prompts';
import { VERSIONS_MAX } from '@shared/contract/versions';
import { formatMarker } from '@shared/variables';
import { BadRequestError } from '../http/errors';
import { checkConfigSchemas } from '../services/json-schema';
import { describeIssue } from './transfer-import';

/**
 * Reads an OpenAI prompt object (`pmpt_…`) as its owner can copy it out of the dashboard and maps
 * it to a chat prompt's versions (pure; openai-import.ts writes them). The shapes are OpenAI's:
 * a version has the Responses API's `instructions` and `input` (or `messages`), `model`, `tools`
 * (`{type: 'function', name, description, parameters, strict}`), `tool_choice`, `text.format`
 * (`text`, `json_object`, `json_schema`), `reasoning.effort`, `temperature`, `top_p`,
 * `max_output_tokens`, and the prompt's `variables` with example values; the prompt has `id`,
 * `name`, `versions` and the pinned `default_version`. The dashboard's code snippet
 * (`responses.create({ prompt: { id, version, variables } })`) names a prompt and its variables.
 *
 * `{{name}}` becomes `[INPUT: name]`, or `[INPUT: name=example]` when an example value can be a
 * marker's default (one line, no brackets or `|`). Instructions (and developer messages) become
 * system messages. What has no place in a chat prompt (reasoning effort, built-in tools, images)
 * is named in `notes`; the reasoning effort goes into the replacement call instead.
 */

const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
const TextPart = z.object({ type: z.enum(['input_text', 'output_text', 'text'], 'Only text parts can be imported (not images or files).'), text: z.string() });
const OaMessage = z.object({
  type: z.optional(z.literal('message')),
  role: z.enum(['system', 'developer', 'user', 'assistant'], "A message's role must be system, developer, user or assistant."),
  /** Text, or a list of parts (a string is read as one text part before parsing: plainer errors). */
  content: z.array(TextPart, "A message's content must be text or a list of text parts."),
});
type OaMessage = z.infer<typeof OaMessage>;
const Schema = z.record(z.string(), z.unknown(), 'must be a JSON Schema (an object).');
const ResponsesTool = z.object({
  type: z.string('A tool needs a type.'),
  name: z.optional(z.string()),
  description: z.optional(z.nullable(z.string())),
  parameters: z.optional(z.nullable(Schema)),
  strict: z.optional(z.nullable(z.boolean())),
  /** The Chat Completions form: `{type: 'function', function: {name, description, parameters}}`. */
  function: z.optional(z.object({ name: z.string(), description: z.optional(z.nullable(z.string())), parameters: z.optional(z.nullable(Schema)) })),
});
const Format = z.object({
  type: z.enum(['text', 'json_object', 'json_schema'], "text.format's type must be text, json_object or json_schema."),
  name: z.optional(z.string()),
  schema: z.optional(Schema),
  strict: z.optional(z.nullable(z.boolean())),
  description: z.optional(z.nullable(z.string())),
});
const Example = z.union([z.string(), z.number(), z.boolean(), z.null()], "A variable's example value must be text or a number.");

/** One version's fields (also the prompt's own when it has no `versions`). */
const versionFields = {
  version: z.optional(z.union([z.string(), z.number()])),
  instructions: z.optional(z.nullable(z.string())),
  /** A string input is read as one user message before parsing. */
  input: z.optional(z.array(OaMessage)),
  messages: z.optional(z.array(OaMessage)),
  model: z.optional(z.nullable(z.string())),
  tools: z.optional(z.nullable(z.array(ResponsesTool))),
  tool_choice: z.optional(z.unknown()),
  text: z.optional(z.nullable(z.object({ format: z.optional(z.nullable(Format)), verbosity: z.optional(z.nullable(z.string())) }))),
  reasoning: z.optional(z.nullable(z.object({ effort: z.optional(z.nullable(z.enum(EFFORTS))), summary: z.optional(z.nullable(z.string())) }))),
  temperature: z.optional(z.nullable(z.number())),
  top_p: z.optional(z.nullable(z.number())),
  max_output_tokens: z.optional(z.nullable(z.number())),
  variables: z.optional(z.nullable(z.record(z.string(), Example))),
  // Read and left: they change nothing a chat prompt keeps.
  id: z.optional(z.string()),
  object: z.optional(z.string()),
  created_at: z.optional(z.union([z.string(), z.number()])),
  metadata: z.optional(z.unknown()),
  store: z.optional(z.unknown()),
  truncation: z.optional(z.unknown()),
  parallel_tool_calls: z.optional(z.unknown()),
  include: z.optional(z.unknown()),
};
const OaVersion = z.strictObject(versionFields);
type OaVersion = z.infer<typeof OaVersion>;
const OaPrompt = z.strictObject({
  ...versionFields,
  name: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
  default_version: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  versions: z.optional(z.array(OaVersion).check(z.minLength(1, 'versions is empty.'))),
});
type OaPrompt = z.infer<typeof OaPrompt>;
/** The Responses request body's `prompt` (or the body itself): a reference, no text. */
const Reference = z.object({
  id: z.string(),
  version: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  variables: z.optional(z.nullable(z.record(z.string(), Example))),
});
type Reference = z.infer<typeof Reference>;

/** A version as a chat prompt keeps it. */
export interface MappedVersion {
  openai: string;
  messages: ChatMessage[];
  config: ModelConfig;
  reasoning_effort?: string;
}
export interface MappedPrompt {
  title: string;
  openai_id?: string;
  /** Oldest first; the chat prompt's version i+1 is versions[i]. */
  versions: MappedVersion[];
  /** Index into `versions` of the one labelled production. */
  production: number;
  variables: { name: string; default?: string }[];
  notes: string[];
}

const bad = (detail: string) => new BadRequestError(detail);
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** The paste as one of the accepted forms, or 400 saying what was expected. */
export function readPaste(request: OpenAiImportRequest): MappedPrompt {
  const paste = request.paste.trim();
  const json = parseJson(paste);
  if (json !== undefined) {
    const reference = referenceIn(json);
    if (reference) return fromInstructions(request, reference);
    const parsed = OaPrompt.safeParse(plainer(json));
    if (!parsed.success) {
      const first = describeIssue(parsed.error.issues[0]!, json);
      throw new BadRequestError(
        `This is not an OpenAI prompt we can read: ${first.message}`,
        parsed.error.issues.slice(0, 20).map((i) => describeIssue(i, json)),
      );
    }
    return fromObject(parsed.data, request.title);
  }
  if (/\bpmpt_\w+/.test(paste) && /\bprompt\b/.test(paste)) return fromInstructions(request, referenceInCode(paste));
  if (request.instructions?.trim())
    throw bad('Paste either the prompt (JSON or instructions) or the code snippet with its instructions, not instructions twice.');
  return fromInstructions({ ...request, instructions: paste }, null);
}

function parseJson(paste: string): unknown {
  if (!/^[{[]/.test(paste)) return undefined;
  try {
    return JSON.parse(paste);
  } catch (error) {
    throw bad(`This looks like JSON but cannot be read: ${(error as Error).message}`);
  }
}

/** String inputs and contents in their list forms, so a wrong part is reported as itself, not as "invalid input". */
function plainer(json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const record = json as Record<string, unknown>;
  const message = (m: unknown) =>
    m && typeof m === 'object' && typeof (m as { content?: unknown }).content === 'string'
      ? { ...m, content: [{ type: 'input_text', text: (m as { content: string }).content }] }
      : m;
  const version = (v: unknown): unknown => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const r = v as Record<string, unknown>;
    const input = typeof r.input === 'string' ? [{ role: 'user', content: r.input }] : r.input;
    return {
      ...r,
      ...(input === undefined ? {} : { input: Array.isArray(input) ? input.map(message) : input }),
      ...(Array.isArray(r.messages) ? { messages: r.messages.map(message) } : {}),
    };
  };
  const top = version(record) as Record<string, unknown>;
  return Array.isArray(record.versions) ? { ...top, versions: record.versions.map(version) } : top;
}

function referenceIn(json: unknown): Reference | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  const candidate = record.prompt && typeof record.prompt === 'object' ? record.prompt : null;
  const parsed = candidate ? Reference.safeParse(candidate) : null;
  if (parsed && !parsed.success)
    throw bad(`The request's prompt must be {id, version?, variables?}: ${describeIssue(parsed.error.issues[0]!, candidate).message}`);
  return parsed?.data ?? null;
}

/** `{ id: "pmpt_…", version: "3", variables: { city: "Paris" } }` in JavaScript, Python or curl. */
export function referenceInCode(code: string): Reference {
  const id = /\bpmpt_\w+/.exec(code)![0];
  const version = /["']?version["']?\s*[:=]\s*["']?(\d+)/.exec(code)?.[1];
  const variables: Record<string, string> = {};
  const start = /["']?variables["']?\s*[:=]\s*(?:dict\()?\{/.exec(code);
  if (start) {
    const body = balanced(code, start.index + start[0].length - 1);
    const pair = /["']?([A-Za-z_][\w.-]*)["']?\s*[:=]\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|-?\d+(?:\.\d+)?|[A-Za-z_$][\w.$]*)/g;
    for (const [, name, value] of body.matchAll(pair)) {
      if (/^["']/.test(value!)) variables[name!] = unquote(value!);
      else if (/^-?\d/.test(value!)) variables[name!] = value!;
      // An identifier (a variable of the caller's code): the name, with no example value.
      else variables[name!] = '';
    }
  }
  return { id, ...(version ? { version } : {}), variables };
}

function balanced(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return code.slice(open + 1, i);
  }
  return code.slice(open + 1);
}

function unquote(literal: string): string {
  if (literal.startsWith('"')) {
    try {
      return JSON.parse(literal) as string;
    } catch {
      /* falls through: read as written */
    }
  }
  return literal.slice(1, -1).replace(/\\(["'\\])/g, '$1');
}

/** Plain instructions (or the snippet's reference with them): one version. */
function fromInstructions(request: OpenAiImportRequest, reference: Reference | null): MappedPrompt {
  const instructions = request.instructions?.trim();
  if (!instructions) {
    throw bad("The code snippet names the prompt but not its text: paste the prompt's instructions too (from the dashboard), or the prompt as JSON.");
  }
  const version = reference?.version == null ? '1' : String(reference.version);
  return fromObject({ id: reference?.id, versions: [{ version, instructions, variables: reference?.variables ?? undefined }] }, request.title);
}

function fromObject(prompt: OaPrompt, title: string | undefined): MappedPrompt {
  const notes: string[] = [];
  const { versions: listed, default_version, name, title: own, description: _d, ...top } = prompt;
  const versions = (listed ?? [top]).map((v, i) => ({ ...v, version: v.version ?? (listed ? i + 1 : 1) }));
  for (const v of versions) {
    if (!/^[1-9]\d{0,5}$/.test(String(v.version))) throw bad(`A version must be a whole number such as "3" (not "${v.version}").`);
  }
  const numbers = versions.map((v) => Number(v.version));
  if (new Set(numbers).size !== numbers.length) throw bad('Each version may be pasted once.');
  if (versions.length > VERSIONS_MAX) throw bad(`A prompt keeps at most ${VERSIONS_MAX} versions: paste the newest ${VERSIONS_MAX}.`);
  versions.sort((a, b) => Number(a.version) - Number(b.version));
  const pinned = default_version ?? (listed ? top.version : undefined);
  const production = pinned == null ? versions.length - 1 : versions.findIndex((v) => Number(v.version) === Number(pinned));
  if (production < 0) throw bad(`The default version ${pinned} is not among the versions pasted.`);

  // Example values: the prompt's, then each version's own.
  const examples = new Map<string, string>();
  for (const v of [top, ...versions])
    for (const [k, value] of Object.entries(v.variables ?? {})) if (value !== null && value !== '') examples.set(k, String(value));
  const used = new Map<string, string | undefined>();
  const mapped = versions.map((v) => mapVersion(v, examples, used, notes));
  for (const k of new Set([...Object.keys(top.variables ?? {}), ...versions.flatMap((v) => Object.keys(v.variables ?? {}))])) {
    if (!used.has(k)) notes.push(`The variable ${k} is not used in any message: it was left out.`);
  }
  const finalTitle = (title?.trim() || own?.trim() || name?.trim() || (top.id ? `OpenAI prompt ${top.id}` : 'Imported OpenAI prompt')).slice(0, 200);
  const checked = Title.safeParse(finalTitle);
  if (!checked.success) throw bad(`title: ${checked.error.issues[0]!.message}`);
  return {
    title: checked.data,
    ...(top.id ? { openai_id: top.id } : {}),
    versions: mapped,
    production,
    variables: [...used].map(([n, d]) => (d === undefined ? { name: n } : { name: n, default: d })),
    notes: [...new Set(notes)],
  };
}

function mapVersion(
  v: OaVersion & { version: string | number },
  examples: Map<string, string>,
  used: Map<string, string | undefined>,
  notes: string[],
): MappedVersion {
  const at = `Version ${v.version}`;
  const text = (s: string) =>
    s.replace(VARIABLE, (_, name: string) => {
      const example = examples.get(name);
      const usable = example !== undefined && example.trim() !== '' && !/[[\]|\r\n]/.test(example);
      if (example !== undefined && !usable)
        notes.push(`The example value of ${name} cannot be a default (a line break, bracket or |): ${name} has no default.`);
      const fallback = usable ? example.trim() : undefined;
      if (!used.has(name)) used.set(name, fallback);
      return formatMarker({ type: 'INPUT', key: name, ...(fallback === undefined ? {} : { default: fallback }) });
    });
  const content = (m: OaMessage) => m.content.map((p) => p.text).join('\n');
  const input: OaMessage[] = [...(v.input ?? []), ...(v.messages ?? [])];
  const messages: ChatMessage[] = [
    ...(v.instructions?.trim() ? [{ role: 'system' as const, content: text(v.instructions) }] : []),
    ...input.map((m) => ({ role: m.role === 'developer' ? ('system' as const) : m.role, content: text(content(m)) })),
  ].filter((m) => m.content.trim());
  if (!messages.length) throw bad(`${at} has no instructions or messages.`);
  const checkedMessages = Messages.safeParse(messages);
  if (!checkedMessages.success) throw bad(`${at}: ${checkedMessages.error.issues[0]!.message}`);

  const tools: Tool[] = [];
  for (const t of v.tools ?? []) {
    const fn = t.function ?? t;
    if (t.type !== 'function' || !fn.name) {
      notes.push(`Not carried: OpenAI's built-in tool ${t.type} (a prompt here holds function tools only): add it to your OpenAI call if you still need it.`);
      continue;
    }
    tools.push({ name: fn.name, ...(fn.description ? { description: fn.description } : {}), parameters: fn.parameters ?? { type: 'object', properties: {} } });
  }
  const format = v.text?.format;
  const response_format: ResponseFormat | undefined =
    format?.type === 'json_schema'
      ? { type: 'json_schema', name: format.name ?? '', schema: format.schema ?? {}, ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}) }
      : format
        ? { type: format.type }
        : undefined;
  const config = {
    ...(v.model ? { model: v.model } : {}),
    ...(v.temperature == null ? {} : { temperature: v.temperature }),
    ...(v.top_p == null ? {} : { top_p: v.top_p }),
    ...(v.max_output_tokens == null ? {} : { max_tokens: v.max_output_tokens }),
    ...(response_format ? { response_format } : {}),
    ...(tools.length ? { tools } : {}),
    ...toolChoice(v.tool_choice, at),
  };
  const checkedConfig = ModelConfig.safeParse(config);
  if (!checkedConfig.success) throw bad(`${at}: ${checkedConfig.error.issues[0]!.message}`);
  try {
    checkConfigSchemas(checkedConfig.data, at);
  } catch (error) {
    if (error instanceof BadRequestError) throw bad(`${at}: ${error.detail}`);
    throw error;
  }
  const effort = v.reasoning?.effort ?? undefined;
  return { openai: String(v.version), messages: checkedMessages.data, config: checkedConfig.data, ...(effort ? { reasoning_effort: effort } : {}) };
}

function toolChoice(choice: unknown, at: string): { tool_choice?: ToolChoice } {
  if (choice === undefined || choice === null) return {};
  if (choice === 'auto' || choice === 'none' || choice === 'required') return { tool_choice: choice };
  const named = choice as { type?: unknown; name?: unknown; function?: { name?: unknown } };
  const name = named.type === 'function' ? (named.name ?? named.function?.name) : undefined;
  if (typeof name === 'string') return { tool_choice: { type: 'tool', name } };
  throw bad(`${at}: tool_choice must be auto, none, required or {type: "function", name}.`);
}
