import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LibraryPromptItem } from '../../functions/lib/data/library';
import { buildSnapshot, type LibraryContent, rebuildSnapshot } from '../../functions/lib/services/library-snapshot/build';
import { libraryView, snapshotOriginal, useSnapshotStore } from '../../functions/lib/services/library-snapshot/read';
import { folderStore, type SnapshotStore } from '../../functions/lib/services/library-snapshot/store';

/**
 * Several processes build into one local snapshot folder (the local stack, test workers, the
 * import CLI). A build that started earlier must never replace one that started later, even when
 * it checks `current.json` just before the later one publishes (docs/architecture.md, "Library
 * read path").
 */
const dir = mkdtempSync(join(tmpdir(), 'construct-publish-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const prompt = (id: string, title: string) =>
  ({
    id,
    title,
    body: 'Body [INPUT: x]',
    category_id: null,
    tasks: [],
    industries: [],
    access_tier: 'free',
    owner_email: 'curator@test.local',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }) as LibraryPromptItem;
const library = (title: string): LibraryContent => ({
  prompts: [prompt('p1', title)],
  categories: new Map(),
  forkCounts: new Map(),
});

/** The folder, as a process that reads `current.json` slowly (its check takes `ms`). */
function slowToCheck(store: SnapshotStore, ms: number): SnapshotStore {
  return {
    ...store,
    get: async (key) => {
      const value = await store.get(key);
      if (key === 'current.json') await new Promise((resolve) => setTimeout(resolve, ms));
      return value;
    },
  };
}

describe('publishing a library snapshot', () => {
  it('keeps the build that started later when an earlier one checks just before it publishes', async () => {
    const store = folderStore(dir);
    // The earlier build reads the library first, then is slow between its check and its publication.
    const earlier = rebuildSnapshot(slowToCheck(store, 300), async () => library('Old title'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = rebuildSnapshot(store, async () => library('New title'));
    const [, newer] = await Promise.all([earlier, later]);
    const current = JSON.parse(readFileSync(join(dir, 'current.json'), 'utf8')) as { version: string };
    expect(current.version).toBe(newer.version);
  });
});

describe('reading a library prompt while another version is published', () => {
  it('takes its position and its view from the same version (a fork\'s original is never "gone" because the library grew)', async () => {
    const store = folderStore(join(dir, 'read'));
    // "Middle" is first in one version; in the next, a new prompt sorts before it.
    const one = await buildSnapshot([prompt('middle', 'Middle')], new Map(), store);
    const two = await buildSnapshot([prompt('aardvark', 'Aardvark'), prompt('middle', 'Middle')], new Map(), store);
    // current.json names the first version at a reader's first look and the second at every later one.
    let looks = 0;
    useSnapshotStore({
      ...store,
      get: async (key) => (key === 'current.json' ? JSON.stringify({ version: (looks++ ? two : one).version, started_at: 0 }) : store.get(key)),
    });
    expect((await snapshotOriginal('middle'))?.view.title).toBe('Middle');
    looks = 0;
    expect((await libraryView('free', 'middle'))?.title).toBe('Middle');
  });
});
