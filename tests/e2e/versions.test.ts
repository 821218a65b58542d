import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { library } from '../support/db';
import { openMyPrompts, see } from '../support/e2e';

/**
 * Version history and fork lineage as a person uses them: edit a
 * prompt twice, compare two versions in History and restore one; a copied library prompt whose
 * original changed says 'Updated in library', shows the diff and pulls the change in.
 */
const browser = useBrowser();
type User = Awaited<ReturnType<typeof signUp>>;

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const stored = async (user: User, id: string) => ((await call('GET', '/prompts/', { token: user.token })).body.prompts as any[]).find((p) => p.id === id);

async function editBody(page: Page, title: string, body: string) {
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
  await editor.getByLabel('Body').fill(body);
  await editor.getByRole('button', { name: 'Save Prompt' }).click();
  await editor.waitFor({ state: 'detached' });
}

describe('version history', () => {
  it('compares two versions of an edited prompt and restores the first as a new version', async () => {
    const { page } = browser;
    const user = await signUp();
    const created = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Release notes', body: 'Line one\nLine two\nLine three' } })).body;
    await openMyPrompts(page, user.token);

    await editBody(page, 'Release notes', 'Line one\nLine 2\nLine three');
    await expect.poll(async () => (await stored(user, created.id)).version).toBe(2);
    await editBody(page, 'Release notes', 'Line one\nLine 2\nLine three\nLine four');
    await expect.poll(async () => (await stored(user, created.id)).version).toBe(3);

    await card(page, 'Release notes').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Release notes”' });
    await history.waitFor();

    // Newest first, each with where it came from; by default the previous version against the current one.
    const versions = history.getByRole('listitem').filter({ has: page.locator('.version-list__number') });
    await expect.poll(() => versions.count()).toBe(3);
    expect((await versions.allTextContents()).map((t) => t.replace(/\d{1,2}:\d{2}.*$/, ''))).toEqual([
      expect.stringMatching(/^v3Current.*Edited/),
      expect.stringMatching(/^v2Edited/),
      expect.stringMatching(/^v1Created/),
    ]);
    const latest = history.getByRole('list', { name: 'Body changes from v2 to v3' });
    expect(await latest.textContent()).toContain('Added: Line four');
    expect(await latest.textContent()).not.toContain('Removed:');
    await see(page, '1 line added');

    // Any two versions: the first against the current one.
    await history.getByLabel('From version').selectOption('1');
    const whole = history.getByRole('list', { name: 'Body changes from v1 to v3' });
    await whole.waitFor();
    const rows = await whole.getByRole('listitem').allTextContents();
    expect(rows.filter((r) => r.includes('Removed: '))).toEqual([expect.stringContaining('Removed: Line two')]);
    expect(rows.filter((r) => r.includes('Added: '))).toEqual([expect.stringContaining('Added: Line 2'), expect.stringContaining('Added: Line four')]);
    await see(page, '2 lines added, 1 line removed');

    await history.getByRole('button', { name: 'Restore version 1' }).click();

    await see(page, 'Restored version 1 as version 4.');
    await expect.poll(() => versions.count()).toBe(4);
    expect(await versions.first().textContent()).toMatch(/^v4Current.*Restored from v1/);
    await history.getByRole('button', { name: 'Close', exact: true }).click();
    await history.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByRole('button', { name: 'History' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // The editor now holds the restored content; nothing was overwritten on the server.
    expect(await editor.getByLabel('Body').inputValue()).toBe('Line one\nLine two\nLine three');
    expect(await stored(user, created.id)).toMatchObject({ body: 'Line one\nLine two\nLine three', version: 4 });
    // What the editor shows is what is saved: Cancel closes it without asking.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const all = (await call('GET', `/prompts/${created.id}/versions`, { token: user.token })).body.versions as any[];
    expect(all.map((v) => v.body)).toEqual([
      'Line one\nLine two\nLine three',
      'Line one\nLine 2\nLine three\nLine four',
      'Line one\nLine 2\nLine three',
      'Line one\nLine two\nLine three',
    ]);
  });
});

describe('fork lineage', () => {
  it('flags a copy whose library original changed, shows the diff and pulls the update; dismiss clears another', async () => {
    const { page } = browser;
    const run = randomUUID().slice(0, 8);
    const entry = (id: string, title: string): LibraryEntry & { id: string } => ({
      id,
      title,
      body: 'Greet the reader\nAsk about [INPUT: topic]',
      category: null,
      tasks: [],
      industries: [],
      access_tier: 'free',
    });
    const pulled = entry(`lineage-pull-${run}`, `Pull me ${run}`);
    const dismissed = entry(`lineage-dismiss-${run}`, `Dismiss me ${run}`);
    await library.upsertEntries([pulled, dismissed], 'curator@construct.test');
    const user = await signUp();
    const forkOf = async (id: string) => (await call('POST', `/prompts/fork/${id}`, { token: user.token, json: {} })).body.id as string;
    const pulledCopy = await forkOf(pulled.id);
    const dismissedCopy = await forkOf(dismissed.id);
    await openMyPrompts(page, user.token);
    expect(await page.getByRole('button', { name: 'Updated in library' }).count()).toBe(0);

    // The curators revise both originals.
    await library.upsertEntries(
      [
        { ...pulled, body: 'Greet the reader warmly\nAsk about [INPUT: topic]' },
        { ...dismissed, body: 'Something else entirely' },
      ],
      'curator@construct.test',
    );
    await page.reload();
    const badge = card(page, pulled.title).getByRole('button', { name: 'Updated in library' });
    await badge.waitFor();

    await badge.click();
    const dialog = page.getByRole('dialog', { name: 'Updated in library' });
    const diff = dialog.getByRole('list', { name: 'Body: your version against the library' });
    await diff.waitFor();
    const rows = await diff.getByRole('listitem').allTextContents();
    expect(rows.filter((r) => /Removed: |Added: /.test(r))).toEqual([
      expect.stringContaining('Removed: Greet the reader'),
      expect.stringContaining('Added: Greet the reader warmly'),
    ]);
    await dialog.getByRole('button', { name: 'Pull update' }).click();

    await see(page, 'Pulled the library update as version 2.');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card(page, pulled.title).getByRole('button', { name: 'Updated in library' }).count()).toBe(0);
    expect(await stored(user, pulledCopy)).toMatchObject({ body: 'Greet the reader warmly\nAsk about [INPUT: topic]', version: 2, library_update: false });

    await card(page, dismissed.title).getByRole('button', { name: 'Updated in library' }).click();
    const second = page.getByRole('dialog', { name: 'Updated in library' });
    await second.getByRole('list', { name: 'Body: your version against the library' }).waitFor();
    await second.getByRole('button', { name: 'Dismiss' }).click();

    await see(page, 'Dismissed the library update.');
    await expect.poll(() => page.getByRole('button', { name: 'Updated in library' }).count()).toBe(0);
    expect(await stored(user, dismissedCopy)).toMatchObject({ body: 'Greet the reader\nAsk about [INPUT: topic]', version: 1, library_update: false });
  });
});
