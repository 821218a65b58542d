import { describe, expect, it } from 'vitest';
import { markerIds } from '@shared/variables';
import { clarify } from '../../functions/lib/enhancer/clarify';

describe('clarify engine', () => {
  it('structures a prompt into role, task, requirements and output format', () => {
    const out = clarify('summarize this article for me');
    expect(out.split('\n').filter((l) => l.startsWith('## '))).toEqual(['## Role', '## Task', '## Requirements', '## Output format']);
    expect(out).toContain('## Task\nSummarize this article for me.');
    expect(out).toMatch(/## Output format\nA concise summary/);
  });

  it('rewords sloppy text but never inside markers', () => {
    const out = clarify('pls fix u code [INPUT: u stuff] w/o breaking things');
    expect(out).toContain('Please fix you code [INPUT: u stuff] without breaking points.');
  });

  it('infers the output format from what is asked', () => {
    expect(clarify('write a python function that parses dates')).toMatch(/fenced code block/);
    expect(clarify('draft an email to my landlord')).toMatch(/subject line/);
    expect(clarify('tell me about the moon')).toMatch(/well-structured answer/);
  });

  it('keeps every marker and is deterministic', () => {
    const body = 'Compare [INPUT: a] vs [INPUT:b] for [PROFILE: team] using [SNIPPET: Style Guide]';
    expect(markerIds(clarify(body))).toEqual(markerIds(body));
    expect(clarify(body)).toBe(clarify(body));
  });
});
