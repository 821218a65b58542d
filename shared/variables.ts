/**
 * Template variables: `[TYPE: key]` with TYPE one of INPUT, SNIPPET, PROFILE. The space after the
 * colon is optional and the type is read case-insensitively. A marker may declare a default and a
 * choice list after `=`:
 *
 *   [INPUT: name=Alex]                     default 'Alex'
 *   [INPUT: tone=friendly|formal|playful]  choices friendly, formal, playful; default 'friendly' (the first)
 *   [INPUT: tone=|formal|playful]          choices formal, playful; no default (empty first entry)
 *
 * Parts are trimmed; empty and repeated choices are dropped. A marker never spans lines or holds
 * brackets, and its key is never blank: anything else in brackets ('[1]', '[draft]', '[INPUT: ]',
 * '[OTHER: x]', '[INPUT: [x]]') is ordinary text, left as written by every function here.
 *
 * A variable's identity is `TYPE:key` (the type upper-cased, the key trimmed), so `[INPUT: tone]`
 * and `[INPUT: tone=friendly]` in one body are the same variable. When several occurrences differ,
 * the first one that declares a default or choices wins.
 */
export const VARIABLE_TYPES = ['INPUT', 'SNIPPET', 'PROFILE'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface Variable {
  type: VariableType;
  key: string;
  /** The marker as written in the body, e.g. `[INPUT:topic]` or `[INPUT: tone=friendly|formal]`. */
  marker: string;
  /** The value used when none is given: the text after `=`, or the first choice. */
  default?: string;
  /** The allowed values, when the marker lists them with `|`. */
  choices?: string[];
}

// The type, then everything up to the closing bracket on the same line; parseMarker checks the rest.
const MARKER = /\[(INPUT|SNIPPET|PROFILE)[^\S\r\n]*:([^[\]\r\n]*)\]/gi;

/** A marker's parts, or null when the bracketed text is not a marker (blank key). */
function parseMarker(marker: string, type: string, content: string): Variable | null {
  const eq = content.indexOf('=');
  const key = (eq < 0 ? content : content.slice(0, eq)).trim();
  if (!key) return null;
  const variable: Variable = { type: type.toUpperCase() as VariableType, key, marker };
  if (eq < 0) return variable;
  const spec = content.slice(eq + 1);
  if (!spec.includes('|')) {
    const value = spec.trim();
    if (value) variable.default = value;
    return variable;
  }
  const parts = spec.split('|').map((part) => part.trim());
  const choices = [...new Set(parts.filter((part) => part !== ''))];
  if (parts[0]) variable.default = parts[0];
  if (choices.length) variable.choices = choices;
  return variable;
}

/** Every marker occurrence, in order. */
export function findMarkers(body: string): Variable[] {
  const found: Variable[] = [];
  for (const m of body.matchAll(MARKER)) {
    const variable = parseMarker(m[0], m[1]!, m[2]!);
    if (variable) found.push(variable);
  }
  return found;
}

/** `TYPE:key`, a variable's identity (what renderTemplate's values are keyed by). */
export const variableId = (v: Pick<Variable, 'type' | 'key'>) => `${v.type}:${v.key}`;

const declares = (v: Variable) => v.default !== undefined || v.choices !== undefined;

/**
 * The distinct variables of a body, in order of first occurrence, for the workbench controls. The
 * first occurrence that declares a default or choices gives the marker, default and choices.
 */
export function parseVariables(body: string): Variable[] {
  const byId = new Map<string, Variable>();
  for (const v of findMarkers(body)) {
    const id = variableId(v);
    const seen = byId.get(id);
    if (!seen || (!declares(seen) && declares(v))) byId.set(id, v);
  }
  return [...byId.values()];
}

export const hasVariables = (body: string) => findMarkers(body).length > 0;

/** `TYPE:key` identities of a body's markers. */
export function markerIds(body: string): Set<string> {
  return new Set(findMarkers(body).map(variableId));
}

/**
 * A variable written as one canonical marker, `[TYPE: key]` or `[TYPE: key=...]`; parsing it gives
 * back the same type, key, default and choices.
 */
export function formatMarker(v: Pick<Variable, 'type' | 'key' | 'default' | 'choices'>): string {
  let spec = '';
  if (v.choices?.length) {
    // The default leads the list; a lone choice keeps a '|' so it stays a choice list.
    const list = v.default === undefined ? ['', ...v.choices] : [...new Set([v.default, ...v.choices])];
    spec = `=${list.join('|')}${list.length === 1 ? '|' : ''}`;
  } else if (v.default !== undefined) {
    spec = `=${v.default}`;
  }
  return `[${v.type}: ${v.key}${spec}]`;
}

/**
 * Each distinct marker of a body in canonical form (type, key, default and choices; spacing and
 * letter case of the type ignored), e.g. to check an enhancement kept them all, defaults included.
 */
export function markerSignatures(body: string): Set<string> {
  return new Set(findMarkers(body).map(formatMarker));
}

/**
 * Fills a body: each marker becomes its value from `values` (keyed `TYPE:key`); an unfilled one
 * (missing or empty) its variable's default, else `[key]`, as the spec's preview shows it. Values
 * go in literally; text in brackets that is not a marker stays as written.
 */
export function renderTemplate(body: string, values: Record<string, string | undefined>): string {
  const defaults = new Map(parseVariables(body).map((v) => [variableId(v), v.default]));
  return body.replace(MARKER, (marker: string, type: string, content: string) => {
    const variable = parseMarker(marker, type, content);
    if (!variable) return marker;
    const id = variableId(variable);
    const value = values[id];
    if (value !== undefined && value !== '') return value;
    return defaults.get(id) ?? `[${variable.key}]`;
  });
}

/**
 * A template with some variables filled: each INPUT marker with a non-empty value in `values`
 * (keyed `TYPE:key`) becomes that value; every other marker (unfilled, SNIPPET, PROFILE) stays a
 * marker, so the copy is still a template and resolves the context when it is opened.
 */
export function fillInputsKeepingMarkers(body: string, values: Record<string, string | undefined>): string {
  return body.replace(MARKER, (marker: string, type: string, content: string) => {
    const variable = parseMarker(marker, type, content);
    if (variable?.type !== 'INPUT') return marker;
    const value = values[`${variable.type}:${variable.key}`];
    return value !== undefined && value !== '' ? value : marker;
  });
}
