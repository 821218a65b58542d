import { describe, expect, it } from 'vitest';
import { findMarkers, markerIds, markerSignatures } from '@shared/variables';
import { clarify } from '../../functions/lib/services/engine/clarify';

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

  it('carries typed markers through byte for byte, spacing and all', () => {
    const markers = ['[INPUT: tone=friendly|formal|playful]', '[input :  name  =  Alex ]', '[SNIPPET:sig=|Best  |  Cheers]', '[PROFILE: u stuff=pls thx]'];
    const body = `pls write u a note in ${markers[0]} tone to ${markers[1]} w/o fluff, sign ${markers[2]} as ${markers[3]}`;

    const out = clarify(body);

    expect(findMarkers(out).map((m) => m.marker)).toEqual(markers);
    expect(markerSignatures(out)).toEqual(markerSignatures(body));
    expect(out).toContain('Please write you a note in [INPUT: tone=friendly|formal|playful] tone');
  });

  it('ends the task after a trailing marker as it did before', () => {
    expect(clarify('explain [INPUT: concept=gravity|light]')).toContain('## Task\nExplain [INPUT: concept=gravity|light]\n');
  });

  it('leaves bracketed text that is not a marker to the rewording', () => {
    expect(clarify('fix [draft] [1] pls')).toContain('Fix [draft] [1] please.');
  });
});
