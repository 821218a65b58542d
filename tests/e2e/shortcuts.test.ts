import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts, signInWithToken } from '../support/e2e';

/**
 * Keyboard-first: '/' focuses search, 'n' opens a new prompt, Ctrl/Cmd+Enter
 * saves in the editor, Ctrl/Cmd+Shift+C copies the workbench preview, '?' lists the shortcuts.
 * Single keys do nothing while typing in a field or while a dialog is open. Chromium runs on
 * Linux here, so the modifier is Ctrl.
 */
const browser = useBrowser();

type User = Awaited<ReturnType<typeof signUp>>;

async function seedPrompt(user: User, title: string, body: string) {
  const res = await call('POST', '/prompts/', { token: user.token, json: { title, body } });
  expect(res.status).toBe(201);
}

async function storedPrompts(user: User) {
  return (await call('GET', '/prompts/', { token: user.token })).body.prompts as Array<{ title: string; body: string }>;
}

async function signIn(page: Page, user: User, path: string) {
  await signInWithToken(page, user.token);
  await page.goto(path);
}

/** My Prompts, loaded, with focus on the page rather than in a field. */
/** A click on the page's heading: the page has the focus, no field does (a corner of main can sit under the sticky header). */
const clickPage = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first().click();

async function openPrompts(page: Page, user: User) {
  await openMyPrompts(page, user.token);
  await clickPage(page);
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search prompts' });

describe("'/' focuses search", () => {
  it('on My Prompts: moves focus without typing the slash; inside a field it types a slash', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    const search = searchBox(page);
    expect(await isFocused(search)).toBe(false);
    expect(await search.getAttribute('aria-keyshortcuts')).toBe('/');

    await page.keyboard.press('/');

    await expect.poll(() => isFocused(search)).toBe(true);
    expect(await search.inputValue()).toBe('');

    // Typing in the box: '/' and 'n' are text there.
    await page.keyboard.type('a/n');
    expect(await search.inputValue()).toBe('a/n');
    expect(await isFocused(search)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('does not jump out of another field', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    await page.getByRole('button', { name: 'Create New Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    const body = editor.getByLabel('Body');
    await body.click();

    await page.keyboard.type('a/b ?n');

    expect(await body.inputValue()).toBe('a/b ?n');
    expect(await isFocused(body)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(1);
  });

  it('on the Library page', async () => {
    const { page } = browser;
    const user = await signUp();
    await signIn(page, user, '/library');
    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.waitFor();
    await clickPage(page);
    expect(await isFocused(search)).toBe(false);

    await page.keyboard.press('/');

    await expect.poll(() => isFocused(search)).toBe(true);
    expect(await search.inputValue()).toBe('');
  });
});

describe("'n' opens a new prompt", () => {
  it('opens the editor with an empty title, and not while a dialog is open', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);

    await page.keyboard.press('n');

    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.waitFor();
    await expect.poll(() => isFocused(editor.getByLabel('Title'))).toBe(true);
    expect(await editor.getByLabel('Title').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // Shift+N is not 'n'.
    await clickPage(page);
    await page.keyboard.press('Shift+N');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // With the workbench open and focus on one of its buttons, single keys do nothing.
    await page.getByRole('article', { name: 'Haiku' }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.waitFor();
    await workbench.getByRole('button', { name: 'Copy' }).focus();
    await page.keyboard.press('n');
    await page.keyboard.press('/');
    await page.keyboard.press('?');
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await isFocused(workbench.getByRole('button', { name: 'Copy' }))).toBe(true);
  });

  it('works on an empty workspace too', async () => {
    const { page } = browser;
    const user = await signUp();
    await openPrompts(page, user);
    await page.keyboard.press('n');
    await page.getByRole('dialog', { name: 'New Prompt' }).waitFor();
  });
});

describe('Ctrl/Cmd+Enter saves in the editor', () => {
  it('saves from the body field, and does nothing while the prompt is incomplete', async () => {
    const { page } = browser;
    const user = await signUp();
    await openPrompts(page, user);
    await page.keyboard.press('n');
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.waitFor();
    expect(await editor.getByRole('button', { name: 'Save Prompt' }).getAttribute('aria-keyshortcuts')).toBe('Control+Enter');

    // No title yet: nothing happens.
    await editor.getByLabel('Body').fill('Summarise [INPUT: notes].');
    await editor.getByLabel('Body').press('Control+Enter');
    expect(await editor.isVisible()).toBe(true);
    expect(await storedPrompts(user)).toEqual([]);

    await editor.getByLabel('Title').fill('Meeting notes');
    await editor.getByLabel('Body').press('Control+Enter');

    await editor.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Meeting notes' }).waitFor();
    expect(await storedPrompts(user)).toEqual([expect.objectContaining({ title: 'Meeting notes', body: 'Summarise [INPUT: notes].' })]);
  });

  it('saves an edit from a tag field, with the tag just typed', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    await page.getByRole('article', { name: 'Haiku' }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.waitFor();

    await editor.getByLabel('Title').fill('Haiku, edited');
    await editor.getByLabel('Tasks').fill('Poetry');
    await editor.getByLabel('Tasks').press('Control+Enter');

    await editor.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedPrompts(user))[0]).toMatchObject({ title: 'Haiku, edited', tasks: ['Poetry'] });
  });

  it('does nothing outside the editor', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    await searchBox(page).click();
    await page.keyboard.press('Control+Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('Ctrl/Cmd+Shift+C copies the workbench preview', () => {
  it("copies what Copy copies, from a variable field, and reads 'Copied!'", async () => {
    const { page } = browser;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    await page.getByRole('article', { name: 'Haiku' }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.waitFor();
    expect(await workbench.getByRole('button', { name: 'Copy' }).getAttribute('aria-keyshortcuts')).toBe('Control+Shift+C');
    const season = workbench.getByRole('group', { name: 'season' }).getByRole('textbox');
    await season.fill('autumn');

    await season.press('Control+Shift+C');

    await workbench.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Write a haiku about autumn.');
    // The key press typed nothing.
    expect(await season.inputValue()).toBe('autumn');
    await workbench.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 5_000 });
  });
});

describe("'?' lists the shortcuts", () => {
  it('opens an overlay with every shortcut; Escape closes it and gives focus back', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Haiku', 'Write a haiku about [INPUT: season].');
    await openPrompts(page, user);
    const favorites = page.getByRole('button', { name: 'Favorites Only' });
    await favorites.focus();

    await page.keyboard.press('?');

    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await overlay.waitFor();
    const rows = await overlay
      .getByRole('row')
      .evaluateAll((trs) =>
        trs
          .filter((tr) => tr.querySelector('td'))
          .map((tr) => [tr.querySelector('th')!.firstChild!.textContent, [...tr.querySelectorAll('kbd kbd')].map((k) => k.textContent)]),
      );
    expect(rows).toEqual([
      ['Focus the search box', ['/']],
      ['New prompt', ['N']],
      ['Save the prompt', ['Ctrl', 'Enter']],
      ['Copy the preview', ['Ctrl', 'Shift', 'C']],
      ['Show keyboard shortcuts', ['?']],
    ]);
    // Single keys are off while it is open.
    await page.keyboard.press('n');
    expect(await page.getByRole('dialog').count()).toBe(1);

    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(favorites)).toBe(true);
  });

  it('opens from the header button, on every signed-in page, and shows Cmd on macOS', async () => {
    const { page } = browser;
    const user = await signUp();
    await signIn(page, user, '/context-library');
    const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await button.click();
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await overlay.waitFor();
    await overlay.getByRole('button', { name: 'Done' }).click();
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(button)).toBe(true);

    // A Mac user agent: the modifier reads Cmd.
    const mac = await page
      .context()
      .browser()!
      .newContext({
        baseURL: new URL(page.url()).origin,
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      });
    try {
      const macPage = await mac.newPage();
      await signIn(macPage, user, '/prompts');
      await macPage.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
      await macPage.keyboard.press('?');
      const macOverlay = macPage.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await macOverlay.waitFor();
      expect(await macOverlay.locator('kbd kbd').allTextContents()).toEqual(['/', 'N', 'Cmd', 'Enter', 'Cmd', 'Shift', 'C', '?']);
      await macPage.keyboard.press('Escape');
      await macPage.keyboard.press('n');
      await macPage.getByRole('dialog', { name: 'New Prompt' }).waitFor();
      expect(await macPage.getByRole('dialog', { name: 'New Prompt' }).getByRole('button', { name: 'Save Prompt' }).getAttribute('aria-keyshortcuts')).toBe(
        'Meta+Enter',
      );
    } finally {
      await mac.close();
    }
  });
});
