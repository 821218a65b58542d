import type { Directives } from '@shared/contract/context';
import { findMarkers, renderTemplate, type Variable } from '@shared/variables';

export const PREFIX_MARKER = '[GLOBAL PREFIX APPLIED]';
export const SUFFIX_MARKER = '[GLOBAL SUFFIX APPLIED]';

/** `TYPE:key`, the identity renderTemplate's values are keyed by. */
export const variableId = (v: Pick<Variable, 'type' | 'key'>) => `${v.type}:${v.key}`;

/** The stored value of a SNIPPET (by snippet name, case-insensitive) or PROFILE variable, if any. */
export { resolveStored } from '@shared/compile';

export type PreviewPart = { kind: 'marker' | 'directive' | 'body'; text: string };

export interface Assembled {
  /** What the preview shows, in order; the text is the parts joined by `separator`s. */
  parts: PreviewPart[];
  /** The preview as text (with the marker lines when directives apply). */
  preview: string;
  /** What Copy and Fork use: the preview without the two marker lines. */
  text: string;
}

const hasText = (s: string) => s.trim().length > 0;

/**
 * The workbench output: the body filled with `values` (unfilled variables as [key]); with
 * directives applied, the '[GLOBAL PREFIX APPLIED]' line, the prefix, the body, the suffix and
 * the '[GLOBAL SUFFIX APPLIED]' line (an empty prefix or suffix is left out, its marker stays;
 * with both empty the body alone).
 */
export function assemble(body: string, values: Record<string, string | undefined>, directives: Directives | undefined, apply: boolean): Assembled {
  const filled = renderTemplate(body, values);
  const prefix = directives?.global_prompt_prefix ?? '';
  const suffix = directives?.global_prompt_suffix ?? '';
  // With both directives empty nothing is applied: the marker lines would claim otherwise.
  if (!apply || (!hasText(prefix) && !hasText(suffix))) return { parts: [{ kind: 'body', text: filled }], preview: filled, text: filled };
  const content: PreviewPart[] = [
    ...(hasText(prefix) ? [{ kind: 'directive' as const, text: prefix }] : []),
    { kind: 'body' as const, text: filled },
    ...(hasText(suffix) ? [{ kind: 'directive' as const, text: suffix }] : []),
  ];
  const text = content.map((p) => p.text).join(PART_SEPARATOR);
  const parts: PreviewPart[] = [{ kind: 'marker', text: PREFIX_MARKER }, ...content, { kind: 'marker', text: SUFFIX_MARKER }];
  return { parts, preview: joinParts(parts), text };
}

/** Between prefix, body and suffix: a blank line. Around the marker lines: a line break. */
export const PART_SEPARATOR = '\n\n';
export const separatorBefore = (parts: PreviewPart[], index: number) =>
  index === 0 ? '' : parts[index]!.kind === 'marker' || parts[index - 1]!.kind === 'marker' ? '\n' : PART_SEPARATOR;

export const joinParts = (parts: PreviewPart[]) => parts.map((p, i) => separatorBefore(parts, i) + p.text).join('');

export type TemplateSegment = { text: string; variable?: Variable };

/** The body cut into plain text and variable markers, for highlighting. */
export function templateSegments(body: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let cursor = 0;
  for (const variable of findMarkers(body)) {
    const at = body.indexOf(variable.marker, cursor);
    if (at < 0) continue;
    if (at > cursor) segments.push({ text: body.slice(cursor, at) });
    segments.push({ text: variable.marker, variable });
    cursor = at + variable.marker.length;
  }
  if (cursor < body.length) segments.push({ text: body.slice(cursor) });
  return segments;
}
