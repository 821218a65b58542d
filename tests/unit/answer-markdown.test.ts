import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AnswerMarkdown from '@/features/workbench/components/answer-markdown';

/** A run's answer as Markdown: a model's text may ask the browser to fetch anything it names. */
const html = (text: string) => renderToStaticMarkup(createElement(AnswerMarkdown, { text }));

describe('answer Markdown', () => {
  it('renders no remote image (the answer is not a way to make the reader fetch a URL); its alt text stays', () => {
    const out = html('Here:\n\n![sales chart](https://tracker.example/pixel.png?user=1)\n\n<img src="https://tracker.example/raw.png">');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('tracker.example');
    expect(out).toContain('sales chart');
  });

  it('keeps the rest of the Markdown: emphasis, lists and links that open in a new tab', () => {
    const out = html('**Bold** and a [link](https://example.com)\n\n- one\n- two');
    expect(out).toContain('<strong>Bold</strong>');
    expect(out).toContain('<li>one</li>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('target="_blank"');
  });
});
