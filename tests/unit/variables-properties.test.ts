import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findMarkers,
  formatMarker,
  hasVariables,
  markerIds,
  markerSignatures,
  parseVariables,
  renderTemplate,
  VARIABLE_TYPES,
  type Variable,
} from '@shared/variables';

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
/** A variable key: no brackets, line breaks or '=', not blank, no surrounding whitespace. */
const key = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .map((s) => s.replace(/[[\]\r\n=]/g, '').trim())
  .filter((s) => s.length > 0 && !/^\s|\s$/.test(s));
const type = fc.constantFrom(...VARIABLE_TYPES);
const spacing = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
const caseOf = fc.constantFrom(
  (t: string) => t,
  (t: string) => t.toLowerCase(),
  (t: string) => t[0] + t.slice(1).toLowerCase(),
);

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
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }).map((s) => s.replaceAll('[', '')),
        fc.dictionary(fc.string(), fc.string()),
        (text, values) => {
          expect(renderTemplate(text, values)).toBe(text);
          expect(hasVariables(text)).toBe(false);
        },
      ),
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

// ---- defaults and choices -------------------------------------------------------------------------

/** A default or a choice: like a key, but '=' is allowed in a default; never '|'. */
const word = (allowEq: boolean) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
    .map((s) => s.replace(allowEq ? /[[\]\r\n|]/g : /[[\]\r\n|=]/g, '').trim())
    .filter((s) => s.length > 0);
/** What a marker declares after '=': nothing, a default, or choices with or without a default. */
const declaration = fc.oneof(
  fc.constant({}),
  fc.record({ default: word(true) }),
  fc
    .record({ choices: fc.uniqueArray(word(false), { minLength: 1, maxLength: 4 }), withDefault: fc.boolean() })
    .map(({ choices, withDefault }) => (withDefault ? { default: choices[0], choices } : { choices })),
);
interface TypedSpec extends MarkerSpec {
  default?: string;
  choices?: string[];
}
// Keys from a small pool too, so one variable often appears several times with different declarations.
const typedKey = fc.oneof(key, fc.constantFrom('tone', 'Topic'));
const typedSpec: fc.Arbitrary<TypedSpec> = fc.record({ type, key: typedKey, declaration }).map(({ declaration: d, ...rest }) => ({ ...rest, ...d }));
/** Bracketed text that is not a marker, whatever surrounds it. */
const noise = fc.constantFrom(
  '[1]',
  '[draft]',
  '[Snippet Name]',
  '[INPUT:]',
  '[INPUT: ]',
  '[OTHER: x]',
  '[INPUT: =x]',
  '[ ]',
  '[INPUT: [x]]',
  '[link](url)',
  '[x=y|z]',
);
const typedTemplate = fc.array(fc.oneof(plain, noise, typedSpec), { maxLength: 12 });
const pad = fc.constantFrom('', ' ', '  ');
const typedStyle = fc.record({ before: spacing, after: spacing, end: spacing, typeCase: caseOf, eq: pad, bar: pad });
type TypedPart = string | TypedSpec;

/** Writes the declaration the way a person might: spacing around '=' and '|', an empty first entry for "no default". */
function writeTyped(parts: TypedPart[], s: { before: string; after: string; end: string; typeCase: (t: string) => string; eq: string; bar: string }) {
  return parts
    .map((p) => {
      if (typeof p === 'string') return p;
      let spec = '';
      if (p.choices)
        spec = `${s.eq}=${s.eq}${[p.default === undefined ? '' : null, ...p.choices].filter((c) => c !== null).join(`${s.bar}|${s.bar}`)}${p.choices.length === 1 && p.default !== undefined ? '|' : ''}`;
      else if (p.default !== undefined) spec = `${s.eq}=${s.eq}${p.default}`;
      return `[${s.typeCase(p.type)}${s.before}:${s.after}${p.key}${spec}${s.end}]`;
    })
    .join('');
}
const specs = (parts: TypedPart[]) => parts.filter((p): p is TypedSpec => typeof p !== 'string');
const declared = (v: { default?: string; choices?: string[] }) => v.default !== undefined || v.choices !== undefined;
/** The expected distinct variables: first occurrence's place, first declaring occurrence's default and choices. */
function expectedVariables(parts: TypedPart[]) {
  const byId = new Map<string, TypedSpec>();
  for (const p of specs(parts)) {
    const id = `${p.type}:${p.key}`;
    const seen = byId.get(id);
    if (!seen || (!declared(seen) && declared(p))) byId.set(id, p);
  }
  return [...byId.values()];
}
const shape = (v: Pick<Variable, 'type' | 'key' | 'default' | 'choices'>) => ({ type: v.type, key: v.key, default: v.default, choices: v.choices });

describe('typed markers: properties', () => {
  it('parses the default and choices a template was written with', () => {
    fc.assert(
      fc.property(typedTemplate, typedStyle, (parts, s) => {
        const body = writeTyped(parts, s);
        expect(findMarkers(body).map(shape)).toEqual(specs(parts).map(shape));
        expect(parseVariables(body).map(shape)).toEqual(expectedVariables(parts).map(shape));
      }),
      RUNS,
    );
  });

  it('renders each unfilled variable as its default, else [key], and leaves other brackets as written', () => {
    fc.assert(
      fc.property(typedTemplate, typedStyle, (parts, s) => {
        const defaults = new Map(expectedVariables(parts).map((v) => [`${v.type}:${v.key}`, v.default]));
        const expected = parts.map((p) => (typeof p === 'string' ? p : (defaults.get(`${p.type}:${p.key}`) ?? `[${p.key}]`))).join('');
        expect(renderTemplate(writeTyped(parts, s), {})).toBe(expected);
      }),
      RUNS,
    );
  });

  it('lets a filled value win over the default, and leaves no marker once all are filled', () => {
    const value = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((v) => v.replace(/[[\]]/g, '') || 'v');
    fc.assert(
      fc.property(typedTemplate, typedStyle, value, (parts, s, fill) => {
        const body = writeTyped(parts, s);
        const values = Object.fromEntries([...markerIds(body)].map((id, i) => [id, `${fill}${i}`]));
        const rendered = renderTemplate(body, values);
        expect(findMarkers(rendered)).toEqual([]);
        expect(rendered).toBe(parts.map((p) => (typeof p === 'string' ? p : values[`${p.type}:${p.key}`])).join(''));
      }),
      RUNS,
    );
  });

  it('writes every marker back canonically, and the canonical form parses to the same variable', () => {
    fc.assert(
      fc.property(typedTemplate, typedStyle, typedStyle, (parts, a, b) => {
        for (const v of findMarkers(writeTyped(parts, a))) {
          const [again] = findMarkers(formatMarker(v));
          expect(shape(again!)).toEqual(shape(v));
        }
        // Spacing and letter case do not change the signatures; what is declared does.
        expect(markerSignatures(writeTyped(parts, a))).toEqual(markerSignatures(writeTyped(parts, b)));
      }),
      RUNS,
    );
  });

  it('tells a marker from the same marker without its declaration', () => {
    fc.assert(
      fc.property(typedSpec.filter(declared), typedStyle, (spec, s) => {
        const bare = { type: spec.type, key: spec.key };
        expect(markerSignatures(writeTyped([spec], s))).not.toEqual(markerSignatures(writeTyped([bare], s)));
        expect(markerIds(writeTyped([spec], s))).toEqual(markerIds(writeTyped([bare], s)));
      }),
      RUNS,
    );
  });
});
