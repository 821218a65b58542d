import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LibraryPromptItem } from '../../functions/lib/library';
import { folderStore, type LibraryContent, rebuildSnapshot, type SnapshotStore } from '../../functions/lib/library-snapshot';

/**
 * Several processes build into one local snapshot folder (the local stack, test workers, the
 * import CLI). A build that started earlier must never replace one that started later, even when
 * it checks `current.json` just before the later one publishes (docs/architecture.md, "Library
 * read path").
 */
const dir = mkdtempSync(join(tmpdir(), 'construct-publish-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const library = (title: string): LibraryContent => ({
  prompts: [
    {
      id: 'p1',
      title,
      body: 'Body [INPUT: x]',
      category_id: null,
      tasks: [],
      industries: [],
      access_tier: 'free',
      owner_email: 'curator@test.local',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    } as LibraryPromptItem,
  ],
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
