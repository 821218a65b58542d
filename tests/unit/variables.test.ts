import { describe, expect, it } from 'vitest';
import { findMarkers, hasVariables, markerIds, parseVariables, renderTemplate } from '@shared/variables';

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
