import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VARIABLE_TYPES, findMarkers, hasVariables, markerIds, parseVariables, renderTemplate } from '@shared/variables';

/**
 * Property-based tests of the variable parser and renderer: the workbench, the editor's variable
 * detector and the enhancer's marker check all rely on these invariants for any text a user types.
 */
const RUNS = { numRuns: 300 };

/** Text a user may type, with brackets, colons, newlines and any Unicode. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('[', ']', ':', ' ', '\n', '\t', 'I', 'N', 'P', 'U', 'T', 'x', 'input', 'INPUT', 'SNIPPET', 'profile'), maxLength: 60 }),
);

/** Plain text between markers: no brackets, so it cannot form or break a marker. */
const plain = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/[[\]]/g, ''));
/** A variable key: no brackets or newlines, not blank, no surrounding whitespace. */
const key = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .map((s) => s.replace(/[[\]\n]/g, '').trim())
  .filter((s) => s.length > 0 && !/^\s|\s$/.test(s));
const type = fc.constantFrom(...VARIABLE_TYPES);
const spacing = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
const caseOf = fc.constantFrom((t: string) => t, (t: string) => t.toLowerCase(), (t: string) => t[0] + t.slice(1).toLowerCase());

interface MarkerSpec {
  type: (typeof VARIABLE_TYPES)[number];
  key: string;
}
const markerSpec = fc.record({ type, key });
/** A template as a list of parts: plain text and markers, rendered with a chosen style. */
const template = fc.array(fc.oneof(plain, markerSpec), { maxLength: 12 });
const style = fc.record({ before: spacing, after: spacing, end: spacing, typeCase: caseOf });
type Part = string | MarkerSpec;

function write(parts: Part[], s: { before: string; after: string; end: string; typeCase: (t: string) => string }) {
  return parts.map((p) => (typeof p === 'string' ? p : `[${s.typeCase(p.type)}${s.before}:${s.after}${p.key}${s.end}]`)).join('');
}
const idsOf = (parts: Part[]) => new Set(parts.filter((p): p is MarkerSpec => typeof p !== 'string').map((p) => `${p.type}:${p.key}`));

describe('variable parser and renderer: properties', () => {
  it('never throws on arbitrary text, and agrees with itself', () => {
    fc.assert(
      fc.property(anyText, fc.dictionary(fc.string(), fc.string()), (text, values) => {
        const markers = findMarkers(text);
        const distinct = parseVariables(text);
        expect(hasVariables(text)).toBe(markers.length > 0);
        expect(markerIds(text).size).toBe(distinct.length);
        // Each marker is literally in the text and parses back to itself.
        for (const m of markers) {
          expect(text).toContain(m.marker);
          expect(findMarkers(m.marker).map((x) => `${x.type}:${x.key}`)).toEqual([`${m.type}:${m.key}`]);
        }
        expect(typeof renderTemplate(text, values)).toBe('string');
      }),
      RUNS,
    );
  });

  it('leaves text without "[" unchanged and finds nothing in it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }).map((s) => s.replaceAll('[', '')), fc.dictionary(fc.string(), fc.string()), (text, values) => {
        expect(renderTemplate(text, values)).toBe(text);
        expect(hasVariables(text)).toBe(false);
      }),
      RUNS,
    );
  });

  it('finds exactly the markers a template was written with', () => {
    fc.assert(
      fc.property(template, style, (parts, s) => {
        expect(markerIds(write(parts, s))).toEqual(idsOf(parts));
        expect(findMarkers(write(parts, s))).toHaveLength(parts.filter((p) => typeof p !== 'string').length);
      }),
      RUNS,
    );
  });

  it('keeps markerIds stable under whitespace and letter-case changes inside markers', () => {
    fc.assert(
      fc.property(template, style, style, (parts, a, b) => {
        expect(markerIds(write(parts, a))).toEqual(markerIds(write(parts, b)));
      }),
      RUNS,
    );
  });

  it('leaves no marker once every variable has a value, and puts every value in', () => {
    const value = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((s) => s.replace(/[[\]]/g, '') || 'v');
    fc.assert(
      fc.property(template, style, value, (parts, s, fill) => {
        const body = write(parts, s);
        const values = Object.fromEntries([...markerIds(body)].map((id, i) => [id, `${fill}${i}`]));

        const rendered = renderTemplate(body, values);

        expect(findMarkers(rendered)).toEqual([]);
        for (const v of Object.values(values)) expect(rendered).toContain(v);
      }),
      RUNS,
    );
  });

  it('shows an unfilled variable as [key], as the preview does', () => {
    fc.assert(
      fc.property(template, style, (parts, s) => {
        const rendered = renderTemplate(write(parts, s), {});
        const expected = parts.map((p) => (typeof p === 'string' ? p : `[${p.key}]`)).join('');
        expect(rendered).toBe(expected);
      }),
      RUNS,
    );
  });
});
