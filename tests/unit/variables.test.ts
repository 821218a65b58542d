import { describe, expect, it } from 'vitest';
import {
  fillInputsKeepingMarkers,
  findMarkers,
  formatMarker,
  hasVariables,
  markerIds,
  markerSignatures,
  parseVariables,
  renderTemplate,
} from '@shared/variables';

describe('variable parser', () => {
  it('finds the three types, with or without a space after the colon', () => {
    expect(parseVariables('Hi [INPUT: name], see [SNIPPET:bio] and [PROFILE:  role ].')).toEqual([
      { type: 'INPUT', key: 'name', marker: '[INPUT: name]' },
      { type: 'SNIPPET', key: 'bio', marker: '[SNIPPET:bio]' },
      { type: 'PROFILE', key: 'role', marker: '[PROFILE:  role ]' },
    ]);
  });

  it('keeps keys with spaces and reads the type case-insensitively', () => {
    expect(parseVariables('[snippet: Company Bio]')).toEqual([{ type: 'SNIPPET', key: 'Company Bio', marker: '[snippet: Company Bio]' }]);
  });

  it('lists a repeated variable once but finds every occurrence', () => {
    const body = '[INPUT: x] and [INPUT:x] and [PROFILE: x]';
    expect(parseVariables(body).map((v) => `${v.type}:${v.key}`)).toEqual(['INPUT:x', 'PROFILE:x']);
    expect(findMarkers(body)).toHaveLength(3);
  });

  it('treats unknown types, empty keys and ordinary brackets as text', () => {
    const body = 'Use [OTHER: x], [INPUT: ], [INPUT:], [link](url), [1] and [INPUT: a\nb].';
    expect(parseVariables(body)).toEqual([]);
    expect(hasVariables(body)).toBe(false);
  });

  it('does not swallow neighbouring brackets', () => {
    expect(parseVariables('[[INPUT: a]] [INPUT: b] ]').map((v) => v.key)).toEqual(['a', 'b']);
  });
});

describe('renderer', () => {
  it('fills known values and shows unfilled variables as [key]', () => {
    const body = 'Write to [INPUT: name] about [SNIPPET: topic] from [PROFILE:company].';
    expect(renderTemplate(body, { 'INPUT:name': 'Ada', 'PROFILE:company': 'Construct' })).toBe('Write to Ada about [topic] from Construct.');
  });

  it('fills every occurrence and treats an empty value as unfilled', () => {
    expect(renderTemplate('[INPUT: a]-[INPUT:a]-[INPUT: b]', { 'INPUT:a': '1', 'INPUT:b': '' })).toBe('1-1-[b]');
  });

  it('inserts values literally (no $-patterns or nested markers expanded)', () => {
    expect(renderTemplate('[INPUT: a]', { 'INPUT:a': '$& [INPUT: a] $1' })).toBe('$& [INPUT: a] $1');
  });

  it('identifies markers by type and key regardless of spacing', () => {
    expect(markerIds('[INPUT:a] [input: a] [PROFILE: b]')).toEqual(new Set(['INPUT:a', 'PROFILE:b']));
  });
});

describe('typed markers: defaults and choices', () => {
  it('reads a choice list: the first choice is the default', () => {
    expect(parseVariables('Tone: [INPUT: tone=friendly|formal|playful]')).toEqual([
      { type: 'INPUT', key: 'tone', marker: '[INPUT: tone=friendly|formal|playful]', default: 'friendly', choices: ['friendly', 'formal', 'playful'] },
    ]);
  });

  it('reads a default without choices', () => {
    expect(parseVariables('Hi [INPUT: name=Alex]')).toEqual([{ type: 'INPUT', key: 'name', marker: '[INPUT: name=Alex]', default: 'Alex' }]);
  });

  it('reads choices without a default when the first entry is empty', () => {
    const [tone] = parseVariables('[INPUT: tone=|formal|playful]');
    expect(tone).toEqual({ type: 'INPUT', key: 'tone', marker: '[INPUT: tone=|formal|playful]', choices: ['formal', 'playful'] });
    expect(tone).not.toHaveProperty('default');
  });

  it('trims every part and drops empty and repeated choices', () => {
    expect(parseVariables('[snippet : Sign off =  Best  | Cheers ||Best| cheers |  ]')).toEqual([
      {
        type: 'SNIPPET',
        key: 'Sign off',
        marker: '[snippet : Sign off =  Best  | Cheers ||Best| cheers |  ]',
        default: 'Best',
        choices: ['Best', 'Cheers', 'cheers'],
      },
    ]);
    expect(parseVariables('[PROFILE: role= Head of  Sales ]')[0]).toMatchObject({ key: 'role', default: 'Head of  Sales' });
  });

  it('declares nothing with an empty default or an empty list', () => {
    for (const body of ['[INPUT: x=]', '[INPUT: x=  ]', '[INPUT: x=|]', '[INPUT: x= | | ]']) {
      expect(parseVariables(body), body).toEqual([{ type: 'INPUT', key: 'x', marker: body }]);
    }
  });

  it('keeps a lone choice as a choice list', () => {
    expect(parseVariables('[INPUT: x=only|]')[0]).toMatchObject({ default: 'only', choices: ['only'] });
  });

  it('splits at the first "=" only; "|" without "=" is part of the key', () => {
    expect(parseVariables('[INPUT: eq=a=b|c=d]')[0]).toMatchObject({ key: 'eq', default: 'a=b', choices: ['a=b', 'c=d'] });
    expect(parseVariables('[INPUT: a|b]')).toEqual([{ type: 'INPUT', key: 'a|b', marker: '[INPUT: a|b]' }]);
  });

  it('is one variable whatever it declares; the first occurrence with a default or choices wins', () => {
    const body = '[INPUT: tone] then [INPUT:tone=formal|casual] then [INPUT: tone=loud] and [PROFILE: tone=x]';
    expect(parseVariables(body)).toEqual([
      { type: 'INPUT', key: 'tone', marker: '[INPUT:tone=formal|casual]', default: 'formal', choices: ['formal', 'casual'] },
      { type: 'PROFILE', key: 'tone', marker: '[PROFILE: tone=x]', default: 'x' },
    ]);
    expect(markerIds(body)).toEqual(new Set(['INPUT:tone', 'PROFILE:tone']));
    expect(findMarkers(body)).toHaveLength(4);
  });

  it('needs a key before the "="', () => {
    expect(findMarkers('[INPUT: =x] [INPUT:=a|b] [INPUT:   = y]')).toEqual([]);
  });
});

describe('text in brackets that is not a marker', () => {
  const TEXT = [
    'Cite [1] and [2].',
    'Mark it [draft].',
    'Use [Snippet Name] here.',
    'Empty: [INPUT:] and [INPUT: ] and [INPUT:  =x].',
    'Unknown: [OTHER: x] [INPUTS: x] [IN PUT: x].',
    'Nested: [INPUT: [x]] and [INPUT: a [b]].',
    'Unbalanced: [INPUT: a and [PROFILE: b',
    'Multi-line: [INPUT: a',
    'b] [SNIPPET:',
    'c]',
    'Markdown: [link](https://example.com) [ ] [x] [:] [=]',
  ].join('\n');

  it('is found nowhere and rendered as written', () => {
    expect(findMarkers(TEXT)).toEqual([]);
    expect(hasVariables(TEXT)).toBe(false);
    expect(renderTemplate(TEXT, { 'INPUT:x': 'X', 'INPUT:a': 'A' })).toBe(TEXT);
  });

  it('stays as written next to real markers', () => {
    const body = `${TEXT}\n[INPUT: a=1|2] [1] [INPUT: b]`;
    expect(parseVariables(body).map((v) => v.key)).toEqual(['a', 'b']);
    expect(renderTemplate(body, { 'INPUT:b': 'B' })).toBe(`${TEXT}\n1 [1] B`);
  });

  it('inside double brackets, only the inner marker is a marker', () => {
    expect(renderTemplate('[[INPUT: a=x]] [[1]]', {})).toBe('[x] [[1]]');
  });
});

describe('renderer: defaults', () => {
  it('uses a filled value first, then the default, then [key]', () => {
    const body = '[INPUT: name=Alex], [INPUT: tone=friendly|formal], [INPUT: mood=|happy|sad], [INPUT: plain]';
    expect(renderTemplate(body, {})).toBe('Alex, friendly, [mood], [plain]');
    expect(renderTemplate(body, { 'INPUT:name': 'Ada', 'INPUT:tone': 'formal', 'INPUT:mood': 'sad', 'INPUT:plain': 'p' })).toBe('Ada, formal, sad, p');
    // An empty value is unfilled: the default shows again.
    expect(renderTemplate(body, { 'INPUT:name': '', 'INPUT:mood': '' })).toBe('Alex, friendly, [mood], [plain]');
  });

  it("applies a variable's default to every occurrence, declared or not", () => {
    expect(renderTemplate('[INPUT: tone] / [INPUT: tone=warm] / [input:tone]', {})).toBe('warm / warm / warm');
  });

  it('applies defaults of SNIPPET and PROFILE variables too', () => {
    expect(renderTemplate('[SNIPPET: sig=Cheers] [PROFILE:team=Ops]', { 'PROFILE:team': 'Sales' })).toBe('Cheers Sales');
  });
});

describe('canonical markers', () => {
  it('writes a variable back as a marker that parses to the same thing', () => {
    const cases = ['[INPUT: tone=friendly|formal]', '[INPUT: tone=|formal|playful]', '[INPUT: name=Alex]', '[INPUT: x=only|]', '[PROFILE: role]'];
    for (const marker of cases) {
      const [v] = findMarkers(marker);
      expect(formatMarker(v!)).toBe(marker);
    }
    expect(formatMarker(findMarkers('[snippet:Bio =  a |b|a]')[0]!)).toBe('[SNIPPET: Bio=a|b]');
  });

  it('compares markers by type, key, default and choices, not by spacing', () => {
    expect(markerSignatures('[input:tone = a | b] [INPUT: tone=a|b] [INPUT: x]')).toEqual(new Set(['[INPUT: tone=a|b]', '[INPUT: x]']));
    expect(markerSignatures('[INPUT: tone=a|b]')).not.toEqual(markerSignatures('[INPUT: tone]'));
    expect(markerSignatures('[INPUT: tone=a|b]')).not.toEqual(markerSignatures('[INPUT: tone=b|a]'));
  });

  it('saves as a template: filled INPUTs become their text (line breaks kept), every other marker stays', () => {
    const body = 'Notes: [INPUT: notes]\nTone: [INPUT: tone=friendly|formal] for [INPUT: who] by [PROFILE: name] with [SNIPPET: Bio]';
    const out = fillInputsKeepingMarkers(body, { 'INPUT:notes': 'line one\nline two', 'INPUT:who': '', 'PROFILE:name': 'Ada', 'SNIPPET:Bio': 'x' });
    expect(out).toBe('Notes: line one\nline two\nTone: [INPUT: tone=friendly|formal] for [INPUT: who] by [PROFILE: name] with [SNIPPET: Bio]');
    expect(parseVariables(out).map((v) => v.key)).toEqual(['tone', 'who', 'name', 'Bio']);
  });
});
