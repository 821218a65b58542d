import { describe, expect, it } from 'vitest';
import { localAnswerText } from '../../functions/lib/services/engine/local';

/** The local run engine (no model configured): honest, useful and deterministic. */
describe('localAnswerText', () => {
  it('says no model answered, restates the task and lists the details', () => {
    const answer = localAnswerText('Draft a reply to the customer. Be polite!\nOffer a refund? Sign as Ada.');

    expect(answer.split('\n')[0]).toMatch(/^Local engine: no AI model is configured on this server/);
    expect(answer).toContain('Task: Draft a reply to the customer.');
    expect(answer).toContain('Details the prompt gives:\n- Be polite!\n- Offer a refund?\n- Sign as Ada.');
    expect(answer).toMatch(/Prompt size: 14 words, 70 characters\.$/);
    expect(answer).not.toContain('Still in brackets');
  });

  it('is deterministic and depends on the text', () => {
    const text = 'Write about [topic] for [audience].';
    expect(localAnswerText(text)).toBe(localAnswerText(text));
    expect(localAnswerText(text)).not.toBe(localAnswerText('Write about cats.'));
  });

  it('points out bracketed text that may be unfilled placeholders, once each', () => {
    const answer = localAnswerText('Write about [topic]. Mention [topic] and [audience] and [1].');
    expect(answer).toContain('Still in brackets (fill these in if they are placeholders): [topic], [audience], [1]');
  });

  it('keeps long prompts short: six details at most, long lines clipped', () => {
    const text = ['Summarise this.', ...Array.from({ length: 9 }, (_, i) => `Point ${i + 1} ${'x'.repeat(300)}.`)].join('\n');
    const answer = localAnswerText(text);
    const details = answer.split('\n').filter((l) => l.startsWith('- '));
    expect(details).toHaveLength(7);
    expect(details.at(-1)).toBe('- …and 3 more');
    expect(Math.max(...details.map((d) => d.length))).toBeLessThanOrEqual(162);
  });

  it('answers a one-word prompt in the singular', () => {
    expect(localAnswerText('Hello')).toContain('Task: Hello\n\nPrompt size: 1 word, 5 characters.');
  });
});
