import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { downloadedText, useBrowser } from '../support/browser';
import { openMyPrompts, see } from '../support/e2e';

const browser = useBrowser();

/** Import and export on My Prompts, as a person uses them. */
type User = Awaited<ReturnType<typeof signUp>>;

async function storedTitles(user: User) {
  return ((await call('GET', '/prompts/', { token: user.token })).body.prompts as { title: string }[]).map((p) => p.title).sort();
}

/** Writes a file the file chooser can pick. */
async function tempFile(name: string, content: string) {
  const path = join(tmpdir(), `${randomUUID()}-${name}`);
  await writeFile(path, content);
  return path;
}

const exportFile = (prompts: Record<string, unknown>[], categories: string[] = []) =>
  JSON.stringify({ format: 'construct.prompts', version: 1, categories: categories.map((name) => ({ name })), prompts });

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Prompts' });
  await dialog.waitFor();
  return dialog;
}

describe('export', () => {
  it('downloads the prompts as a JSON file and as a Markdown file', async () => {
    const { page } = browser;
    const user = await signUp();
    const category = (await call('POST', '/categories/', { token: user.token, json: { name: 'Research' } })).body;
    await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Literature scan', body: 'Find papers on [INPUT: topic].', category_id: category.id, tasks: ['Research'] },
    });
    await openMyPrompts(page, user.token);

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(jsonDownload.suggestedFilename()).toMatch(/^construct-prompts-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await downloadedText(jsonDownload));
    expect(document).toMatchObject({ format: 'construct.prompts', version: 1, categories: [{ name: 'Research' }] });
    expect(document.prompts).toEqual([
      expect.objectContaining({ title: 'Literature scan', body: 'Find papers on [INPUT: topic].', category: 'Research', tasks: ['Research'] }),
    ]);
    await see(page, 'Exported your prompts as JSON.');

    const [mdDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Markdown' }).click()]);
    expect(mdDownload.suggestedFilename()).toMatch(/^construct-prompts-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await downloadedText(mdDownload);
    expect(markdown).toContain('## Research\n\n### Literature scan\n');
    expect(markdown).toContain('```\nFind papers on [INPUT: topic].\n```');
  });
});

describe('import', () => {
  it('previews a file (new prompts, duplicates, categories), then imports it into an empty workspace', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    const path = await tempFile(
      'prompts.json',
      exportFile(
        [
          { title: 'Cold email', body: 'Write a cold email to [INPUT: lead].', category: 'Sales', is_favorite: true },
          { title: 'Standup notes', body: 'Summarise [INPUT: notes].' },
          { title: 'cold email', body: 'Write a cold email to [INPUT: lead].' },
        ],
        ['Sales'],
      ),
    );

    const dialog = await openImport(page);
    const confirm = dialog.getByRole('button', { name: /^Import \d+ prompts?$/ });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('JSON export file').setInputFiles(path);

    await dialog.getByText('Preview of').waitFor();
    const status = dialog.getByRole('status');
    await expect.poll(() => status.textContent()).toContain('2 new prompts to import');
    expect(await status.textContent()).toContain('1 duplicate skipped');
    expect(await status.textContent()).toContain('1 new category to create');
    expect(await dialog.getByRole('list', { name: 'Skipped as duplicates' }).textContent()).toBe('cold email · repeated in this file');
    expect(await dialog.getByRole('list', { name: 'Categories to create' }).textContent()).toBe('Sales');
    expect(await storedTitles(user)).toEqual([]);
    // The preview is accessible too (the a11y suite checks the empty dialog).
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import 2 prompts' }).click();
    await see(page, 'Imported 2 prompts.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Cold email' }).waitFor();
    await page.getByRole('article', { name: 'Standup notes' }).waitFor();
    await page.getByRole('button', { name: /^Sales/ }).waitFor();
    expect(await storedTitles(user)).toEqual(['Cold email', 'Standup notes']);
  });

  it('says why a file cannot be imported and offers nothing to import', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    const dialog = await openImport(page);
    const input = dialog.getByLabel('JSON export file');

    await input.setInputFiles(await tempFile('notes.json', '{ not json'));
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('This file is not valid JSON.');

    await input.setInputFiles(
      await tempFile(
        'broken.json',
        exportFile([
          { title: 'Fine', body: 'ok' },
          { title: '', body: 'x' },
        ]),
      ),
    );
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('This file cannot be imported: prompts[1].title: Title is required.');

    // A free plan allows 5 prompts: six new ones are refused before anything is written.
    const six = Array.from({ length: 6 }, (_, i) => ({ title: `Prompt ${i}`, body: `Body ${i}` }));
    await input.setInputFiles(await tempFile('six.json', exportFile(six)));
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('This file has 6 new prompts but your plan allows 5 more.');
    expect(await dialog.getByRole('button', { name: 'Import 6 prompts' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await storedTitles(user)).toEqual([]);
  });
});
