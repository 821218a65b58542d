/**
 * Template variables: `[TYPE: key]` with TYPE one of INPUT, SNIPPET, PROFILE. The space after the
 * colon is optional and the type is read case-insensitively; anything else in brackets is
 * ordinary text.
 */
export const VARIABLE_TYPES = ['INPUT', 'SNIPPET', 'PROFILE'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface Variable {
  type: VariableType;
  key: string;
  /** The marker as written in the body, e.g. `[INPUT:topic]`. */
  marker: string;
}

const MARKER = /\[(INPUT|SNIPPET|PROFILE)\s*:\s*([^\[\]\n]*?[^\s\[\]])\s*\]/gi;

/** Every marker occurrence, in order. */
export function findMarkers(body: string): Variable[] {
  return [...body.matchAll(MARKER)].map((m) => ({ type: m[1]!.toUpperCase() as VariableType, key: m[2]!, marker: m[0] }));
}

/** The distinct variables of a body (first occurrence wins), for the workbench controls. */
export function parseVariables(body: string): Variable[] {
  const seen = new Set<string>();
  return findMarkers(body).filter((v) => {
    const id = `${v.type}:${v.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export const hasVariables = (body: string) => findMarkers(body).length > 0;

/** `TYPE:key` identities of a body's markers, e.g. to check an enhancement kept them all. */
export function markerIds(body: string): Set<string> {
  return new Set(findMarkers(body).map((v) => `${v.type}:${v.key}`));
}

/**
 * Fills a body: each marker becomes its value from `values` (keyed `TYPE:key`), or `[key]` when
 * unfilled, as the spec's preview shows it.
 */
export function renderTemplate(body: string, values: Record<string, string | undefined>): string {
  return body.replace(MARKER, (_, type: string, key: string) => {
    const value = values[`${type.toUpperCase()}:${key}`];
    return value !== undefined && value !== '' ? value : `[${key}]`;
  });
}
