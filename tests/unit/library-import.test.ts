import { describe, expect, it } from 'vitest';
import { validateLibraryFile } from '../../infra/library-import';

const good = { id: 'a-prompt', title: 'A prompt', body: 'Body [INPUT: x]', category: 'Marketing', tasks: ['Email'], industries: ['SaaS'], access_tier: 'pro' };

describe('library file validation', () => {
  it('accepts a list (or {prompts}) and fills defaults', () => {
    const { entries, problems } = validateLibraryFile({ prompts: [good, { title: 'Minimal', body: 'b' }] });
    expect(problems).toEqual([]);
    expect(entries[1]).toEqual({ title: 'Minimal', body: 'b', tasks: [], industries: [], access_tier: 'free' });
  });

  it('reports every invalid entry with its position', () => {
    const { problems } = validateLibraryFile([
      good,
      { ...good, id: 'b', title: '' },
      { ...good, id: 'c', access_tier: 'gold' },
      { ...good, id: 'd', extra: 1 },
    ]);
    expect(problems.map((p) => p.position)).toEqual([2, 3, 4]);
    expect(problems[0]!.message).toBe('title: Title is required.');
  });

  it('refuses duplicate ids (explicit or derived from the title) and a non-list file', () => {
    expect(validateLibraryFile([good, good]).problems).toEqual([{ position: 2, message: 'duplicate id "a-prompt" (also entry 1)' }]);
    expect(
      validateLibraryFile([
        { title: 'Same Title', body: 'x' },
        { title: 'same title!', body: 'y' },
      ]).problems,
    ).toHaveLength(1);
    expect(validateLibraryFile({ nope: true }).problems[0]!.position).toBe(0);
  });
});
