import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entryId } from '@shared/contract/library';
import { validateLibraryFile } from '../../../infra/library-import';
import { library } from '../../support/db';

/**
 * Library import ids are unique for distinct titles in any script, and an import never overwrites
 * an unrelated prompt: it is refused whole with a clear error, while re-importing the same prompt
 * still updates it in place.
 */
const run = randomUUID().slice(0, 8);
const entry = (title: string, body: string, extra: Record<string, unknown> = {}) => validateLibraryFile([{ title, body, ...extra }]).entries[0]!;

describe('library import ids', () => {
  it('gives distinct non-Latin titles distinct ids, and stores both', async () => {
    const titles = [`日本語のプロンプト ${run}`, `中文提示 ${run}`, `Подсказка ${run}`, `مطالبة ${run}`];
    const entries = titles.map((t) => entry(t, `Body of ${t}`));

    expect(validateLibraryFile(entries).problems).toEqual([]);
    expect(new Set(entries.map(entryId)).size).toBe(4);

    expect(await library.upsertEntries(entries, 'curator@construct.test')).toEqual({ created: 4, updated: 0 });
    for (const e of entries) expect((await library.getLibraryPrompt(entryId(e)))?.title).toBe(e.title);
  });

  it('refuses an import whose id belongs to an unrelated prompt, and changes nothing', async () => {
    const id = `elite-${run}`;
    await library.upsertEntries([entry('Elite secret sauce', 'The elite body', { id, access_tier: 'elite' })], 'curator@construct.test');

    await expect(library.upsertEntries([entry('Something else', 'Another body', { id })], 'curator@construct.test')).rejects.toThrow(
      `The id "${id}" already belongs to the library prompt "Elite secret sauce".`,
    );
    expect(await library.getLibraryPrompt(id)).toMatchObject({ title: 'Elite secret sauce', body: 'The elite body', access_tier: 'elite' });
  });

  it('still updates the same prompt on a re-import', async () => {
    const first = entry(`Ünïcode prompt ${run}`, 'Body one');
    await library.upsertEntries([first], 'curator@construct.test');

    expect(await library.upsertEntries([{ ...first, body: 'Body two' }], 'curator@construct.test')).toEqual({ created: 0, updated: 1 });
    expect((await library.getLibraryPrompt(entryId(first)))?.body).toBe('Body two');
  });
});
