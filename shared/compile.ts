import type { Directives, Snippet } from './contract/context';
import { parseVariables, renderTemplate, type Variable, variableId } from './variables';

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
 * Fills a body for code and AI tools: like the workbench, but strict about INPUTs, since no one
 * looks at a preview: an INPUT without a value or a default, or a value outside its choices, is an
 * error naming it. Values of names that are no INPUT of the body are ignored.
 */
export function compileBody(body: string, inputs: Record<string, string>, context: StoredContext, directives: Directives | undefined): string {
  const values: Record<string, string | undefined> = {};
  const missing: string[] = [];
  for (const variable of parseVariables(body)) {
    if (variable.type !== 'INPUT') {
      values[variableId(variable)] = resolveStored(variable, context);
      continue;
    }
    const given = Object.hasOwn(inputs, variable.key) ? inputs[variable.key] : undefined;
    if (given === undefined || given === '') {
      if (variable.default === undefined) missing.push(variable.key);
      continue;
    }
    if (variable.choices && !variable.choices.includes(given)) {
      throw new CompileError(`Variable '${variable.key}' must be one of: ${variable.choices.join(', ')}.`, `variables.${variable.key}`);
    }
    values[variableId(variable)] = given;
  }
  if (missing.length) {
    throw new CompileError(
      `Missing value for INPUT variable${missing.length > 1 ? 's' : ''} ${missing.map((k) => `'${k}'`).join(', ')} (no default).`,
      `variables.${missing[0]}`,
    );
  }
  const filled = renderTemplate(body, values);
  return directives ? wrapWithDirectives(filled, directives) : filled;
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
