import type { ChatMessage, CompiledMessage, HistoryMessage } from './contract/chat';
import type { Directives, Snippet } from './contract/context';
import { findMarkers, parseVariables, renderTemplate, type Variable, variableId } from './variables';

/**
 * The workbench's fill rules, shared by the workbench (web) and the registry's server-side compile:
 * SNIPPET values come from the snippets (by name, case-insensitive), PROFILE values from the
 * profile (exact key first, then case-insensitive), INPUT values from the caller; the directives
 * wrap the filled body as prefix, body, suffix with a blank line between (empty ones left out).
 */
export interface StoredContext {
  snippets: Pick<Snippet, 'snippet_name' | 'snippet_content'>[];
  profile: Record<string, string>;
}

/** The stored value of a SNIPPET or PROFILE variable, if any (INPUT values are never stored). */
export function resolveStored(variable: Variable, context: StoredContext | undefined): string | undefined {
  if (!context || variable.type === 'INPUT') return undefined;
  const wanted = variable.key.trim().toLocaleLowerCase();
  if (variable.type === 'SNIPPET') {
    return context.snippets.find((s) => s.snippet_name.trim().toLocaleLowerCase() === wanted)?.snippet_content;
  }
  if (Object.hasOwn(context.profile, variable.key)) return context.profile[variable.key];
  const match = Object.keys(context.profile).find((k) => k.trim().toLocaleLowerCase() === wanted);
  return match === undefined ? undefined : context.profile[match];
}

/** Between prefix, body and suffix: a blank line. */
export const PART_SEPARATOR = '\n\n';
const hasText = (s: string) => s.trim().length > 0;

/** The filled body wrapped in the global prefix and suffix (what Copy gives with directives on). */
export function wrapWithDirectives(filled: string, directives: Directives | undefined): string {
  const prefix = directives?.global_prompt_prefix ?? '';
  const suffix = directives?.global_prompt_suffix ?? '';
  return [...(hasText(prefix) ? [prefix] : []), filled, ...(hasText(suffix) ? [suffix] : [])].join(PART_SEPARATOR);
}

export class CompileError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * The most characters a compile may produce (issue 32): a few values repeated by many markers
 * would otherwise fill tens of megabytes, past Lambda's 6 MB answer and the MCP function's memory.
 * 500,000 characters are at most 3 MB as JSON (6 bytes for the worst-escaped character).
 */
export const COMPILED_MAX = 500_000;

/** A compile whose output would be larger than its bound: answered 413 (nothing is built). */
export class CompiledTooLarge extends CompileError {
  constructor(size: number, max: number) {
    super(
      `The compiled prompt would be ${size.toLocaleString('en-US')} characters; the most is ${max.toLocaleString('en-US')}. Send shorter values or use fewer markers.`,
      'variables',
    );
  }
}

/**
 * Each variable's value for a compile, by `TYPE:key`: INPUTs from the caller (strict: one without
 * a value or a default, or a value outside its choices, is an error naming it), SNIPPET and
 * PROFILE from the stored context, else the variable's default. A SNIPPET with neither is an
 * error naming it too: the template asks for text the workspace does not have, as a missing INPUT
 * does (docs/product.md). A PROFILE value is the caller's own and fills as `[key]` when unset.
 * Values of names that are no INPUT of the template are ignored.
 */
function resolveValues(template: string, inputs: Record<string, string>, context: StoredContext): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  const missing: string[] = [];
  const noSnippet: string[] = [];
  for (const variable of parseVariables(template)) {
    const id = variableId(variable);
    if (variable.type !== 'INPUT') {
      values[id] = resolveStored(variable, context) || variable.default;
      if (variable.type === 'SNIPPET' && values[id] === undefined) noSnippet.push(variable.key);
      continue;
    }
    const given = Object.hasOwn(inputs, variable.key) ? inputs[variable.key] : undefined;
    if (given === undefined || given === '') {
      if (variable.default === undefined) missing.push(variable.key);
      values[id] = variable.default;
      continue;
    }
    if (variable.choices && !variable.choices.includes(given)) {
      throw new CompileError(`Variable '${variable.key}' must be one of: ${variable.choices.join(', ')}.`, `variables.${variable.key}`);
    }
    values[id] = given;
  }
  if (missing.length) {
    throw new CompileError(
      `Missing value for INPUT variable${missing.length > 1 ? 's' : ''} ${missing.map((k) => `'${k}'`).join(', ')} (no default).`,
      `variables.${missing[0]}`,
    );
  }
  if (noSnippet.length) {
    throw new CompileError(
      `Missing snippet${noSnippet.length > 1 ? 's' : ''} ${noSnippet.map((k) => `'${k}'`).join(', ')}: no snippet of that name in the Context Library (no default).`,
      'snippets',
    );
  }
  return values;
}

/** The length `renderTemplate(text, values)` will have, from the markers alone (values as resolveValues gives them). */
export function filledLength(text: string, values: Record<string, string | undefined>): number {
  let length = text.length;
  for (const marker of findMarkers(text)) length += (values[variableId(marker)] || `[${marker.key}]`).length - marker.marker.length;
  return length;
}

/** What the directives add around the filled text (wrapWithDirectives). */
function directivesLength(directives: Directives | undefined): number {
  const parts = [directives?.global_prompt_prefix ?? '', directives?.global_prompt_suffix ?? ''].filter(hasText);
  return parts.reduce((n, part) => n + part.length + PART_SEPARATOR.length, 0);
}

function bounded(size: number, max: number) {
  if (size > max) throw new CompiledTooLarge(size, max);
}

/**
 * Fills a body for code and AI tools: like the workbench, but strict about INPUTs, since no one
 * looks at a preview (resolveValues). The size is checked before anything is built (`max`).
 */
export function compileBody(
  body: string,
  inputs: Record<string, string>,
  context: StoredContext,
  directives: Directives | undefined,
  max = COMPILED_MAX,
): string {
  const values = resolveValues(body, inputs, context);
  bounded(filledLength(body, values) + directivesLength(directives), max);
  const filled = renderTemplate(body, values);
  return directives ? wrapWithDirectives(filled, directives) : filled;
}

/** The conversation for a chat prompt's placeholders: one list for every placeholder, or a list per placeholder name. */
export type History = HistoryMessage[] | Record<string, HistoryMessage[]>;

const historyFor = (history: History | undefined, name: string): HistoryMessage[] =>
  !history ? [] : Array.isArray(history) ? history : Object.hasOwn(history, name) ? (history[name] ?? []) : [];

/**
 * Fills a chat prompt's messages with compileBody's rules: the variables are those of all messages
 * (the first marker that declares a default or choices wins, across messages); each placeholder
 * becomes the caller's history for it (nothing when none is given). The global prefix and suffix,
 * when given, wrap the first system message (a system message of their own leads otherwise).
 * The size of everything is checked before anything is built.
 */
export function compileChat(
  messages: readonly ChatMessage[],
  inputs: Record<string, string>,
  context: StoredContext,
  directives: Directives | undefined,
  history?: History,
  max = COMPILED_MAX,
): CompiledMessage[] {
  const contents = messages.flatMap((m) => (m.role === 'placeholder' ? [] : [m.content]));
  // Each content on lines of its own: a marker never spans lines, so the variables are those of the messages.
  const values = resolveValues(contents.join('\n'), inputs, context);
  let size = directivesLength(directives);
  for (const m of messages) {
    size += m.role === 'placeholder' ? historyFor(history, m.name).reduce((n, h) => n + h.content.length, 0) : filledLength(m.content, values);
  }
  bounded(size, max);
  const compiled = messages.flatMap((m): CompiledMessage[] =>
    m.role === 'placeholder'
      ? historyFor(history, m.name).map((h) => ({ role: h.role, content: h.content }))
      : [{ role: m.role, content: renderTemplate(m.content, values) }],
  );
  return withDirectives(compiled, directives);
}

/** Filled messages with the directives: around the first system message, or leading as one of their own (also the workbench's run). */
export function withDirectives(compiled: CompiledMessage[], directives: Directives | undefined): CompiledMessage[] {
  if (!directives || directivesLength(directives) === 0) return compiled;
  const first = compiled[0];
  if (first?.role === 'system') return [{ role: 'system', content: wrapWithDirectives(first.content, directives) }, ...compiled.slice(1)];
  const prefix = directives.global_prompt_prefix ?? '';
  const suffix = directives.global_prompt_suffix ?? '';
  return [{ role: 'system', content: [prefix, suffix].filter(hasText).join(PART_SEPARATOR) }, ...compiled];
}

/** A short description of a prompt for lists, link previews and MCP: its first line of text, at most 200 characters. */
export function describeBody(body: string): string {
  const line =
    body
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line.length > 200 ? `${line.slice(0, 197).trimEnd()}…` : line;
}
