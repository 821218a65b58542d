import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerAppDialog, nextFrames, useBrowser } from '../support/browser';
import { apiAs, atPath, openMyPrompts, registerViaApi, tokenFor } from '../support/e2e';

/**
 * A new user's first hour: typed work is never thrown away silently, multi-line inputs, 'Save as
 * template', readable run answers, and the in-app dialogs that replaced the browser's.
 */
const browser = useBrowser();

const newPrompt = (title: string, body: string) => ({ title, body, category_id: null, is_favorite: false, tasks: [], industries: [] });

async function signedIn(page: Page, prompts: Array<[string, string]> = []) {
  const user = await registerViaApi();
  const token = await tokenFor(user);
  for (const [title, body] of prompts) expect((await apiAs(token, 'POST', '/prompts/', newPrompt(title, body))).status).toBe(201);
  await openMyPrompts(page, token);
  return { user, token };
}

describe('the editor never drops typed work silently', () => {
  it('asks before discarding, ignores backdrop clicks, and closes at once when nothing changed', async () => {
    const { page } = browser;
    await signedIn(page);
    const editor = page.getByRole('dialog', { name: 'New Prompt' });

    // Nothing typed: Escape closes without a question.
    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    await editor.waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    await editor.getByLabel('Title').fill('Half-written');
    // A click on the backdrop does nothing.
    await page.mouse.click(5, 5);
    await nextFrames(page);
    expect(await editor.isVisible()).toBe(true);

    // Escape asks; 'Keep editing' keeps everything.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await ask.getByText('Discard your unsaved changes? What you typed will be lost.').waitFor();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Title').inputValue()).toBe('Half-written');

    // Cancel asks too; Discard closes.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'detached' });
  });

  it('counts an edit taken back as no change, and points at the field to fix', async () => {
    const { page } = browser;
    const { token } = await signedIn(page, [['Notes', 'Summarise these notes.']]);
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    const edit = () => page.getByRole('article', { name: 'Notes', exact: true }).getByRole('button', { name: 'Edit' }).click();
    const title = editor.getByLabel('Title');

    // Typed, then taken back (a title and a tag): Escape closes without a question.
    await edit();
    await title.fill('Notes, edited');
    await title.fill('Notes');
    await editor.getByLabel('Tasks').fill('Summaries');
    await editor.getByLabel('Tasks').press('Enter');
    await editor.getByRole('button', { name: 'Remove task Summaries' }).click();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // A cleared title says what is wrong and holds Save; Ctrl+Enter from the body saves nothing and
    // puts the focus in the title.
    await edit();
    await title.fill('');
    await editor.getByText('Title is required.').waitFor();
    expect(await editor.getByRole('button', { name: 'Save Prompt' }).isDisabled()).toBe(true);
    await editor.getByLabel('Body').press('Control+Enter');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect((await apiAs(token, 'GET', '/prompts/')).body.prompts.map((p: { title: string }) => p.title)).toEqual(['Notes']);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'detached' });
  });
});

describe('workbench', () => {
  const BODY = 'Summarise these notes:\n[INPUT: notes]\nfor [PROFILE: audience].';

  it('keeps line breaks, survives an accidental close, and saves a template with its variables', async () => {
    const { page, token } = { page: browser.page, ...(await signedIn(browser.page, [['Notes', BODY]])) };
    expect((await apiAs(token, 'PUT', '/context/directives', { global_prompt_prefix: 'PREFIX', global_prompt_suffix: '' })).status).toBe(200);
    await page.reload();
    const open = () => page.getByRole('article', { name: 'Notes', exact: true }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await open();
    const notes = workbench.getByRole('group', { name: 'notes', exact: true }).getByRole('textbox');
    // A multi-line field that grows with what is typed.
    expect(await notes.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    const oneLine = (await notes.boundingBox())!.height;
    await notes.fill('line one\nline two\nline three');
    await expect.poll(async () => (await notes.boundingBox())!.height).toBeGreaterThan(oneLine);
    await expect
      .poll(() => workbench.getByRole('region', { name: 'Live preview', exact: true }).textContent())
      .toContain('Summarise these notes:\nline one\nline two\nline three\nfor [audience].');

    // Closed by accident: the values are back on reopening.
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'detached' });
    await open();
    expect(await notes.inputValue()).toBe('line one\nline two\nline three');

    // Save as template: the typed INPUT filled in, the unfilled PROFILE still a variable, no directives.
    await workbench.getByRole('button', { name: 'Save as template' }).click();
    await workbench.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Notes (template)' }).waitFor();
    const list = await apiAs(token, 'GET', '/prompts/');
    const copy = list.body.prompts.find((p: { title: string }) => p.title === 'Notes (template)');
    expect(copy.body).toBe('Summarise these notes:\nline one\nline two\nline three\nfor [PROFILE: audience].');
  });

  it('uses another value this time without changing the stored profile value', async () => {
    const { page } = browser;
    const { token } = await signedIn(page, [['Notes', BODY]]);
    expect((await apiAs(token, 'PUT', '/context/profile/audience', { value: 'engineers' })).status).toBe(200);
    await page.reload();
    await page.getByRole('article', { name: 'Notes', exact: true }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    const audience = workbench.getByRole('group', { name: 'audience', exact: true });
    await audience.getByText('engineers').waitFor();
    await audience.getByRole('button', { name: 'Use another value this time' }).click();
    await audience.getByRole('textbox').fill('designers');
    const preview = workbench.getByRole('region', { name: 'Live preview', exact: true });
    await expect.poll(() => preview.textContent()).toContain('for designers.');
    expect((await apiAs(token, 'GET', '/context/profile')).body.values).toEqual({ audience: 'engineers' });
  });

  it('renders the answer as Markdown without raw HTML, copies it, shows it in full and keeps it for next time', async () => {
    const { page } = browser;
    await signedIn(page, [['Haiku', 'Write a haiku. Keep it calm. <img src="x" alt="injected">']]);
    await page.getByRole('article', { name: 'Haiku', exact: true }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.getByRole('button', { name: 'Run', exact: true }).click();
    const answer = workbench.getByRole('region', { name: 'Answer', exact: true });
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toContain('Prompt size');
    // Markdown: the engine's '- ' lines are a list; the HTML in the prompt is not an element.
    expect(await answer.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await answer.locator('img').count()).toBe(0);
    await workbench.getByText(/Resets at \d{1,2}:\d{2}/).waitFor();

    // 'Open in' links carry the filled text.
    const chatgpt = await workbench.getByRole('link', { name: /ChatGPT/ }).getAttribute('href');
    expect(decodeURIComponent(new URL(chatgpt!).searchParams.get('q')!)).toContain('Write a haiku.');

    await workbench.getByRole('button', { name: 'Copy answer' }).click();
    await workbench.getByRole('button', { name: 'Answer copied' }).waitFor();
    await workbench.getByRole('button', { name: 'Full view' }).click();
    const full = page.getByRole('dialog', { name: 'Answer' });
    await full.getByText('Prompt size', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });

    // Reopened later: the last answer is there to look back at.
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Haiku', exact: true }).getByRole('button', { name: 'Open' }).click();
    await workbench.getByText('Earlier answers (1)').click();
  });
});

describe('Profile card', () => {
  it('lists, edits and deletes the stored PROFILE values', async () => {
    const { page } = browser;
    const { token } = await signedIn(page);
    expect((await apiAs(token, 'PUT', '/context/profile/audience', { value: 'engineers' })).status).toBe(200);
    await page.getByRole('link', { name: 'Context Library' }).click();
    await atPath(page, '/context-library');
    const card = page.getByRole('region', { name: 'Profile', exact: true });
    const values = card.getByRole('list', { name: 'Profile values' });
    await values.getByText('engineers').waitFor();

    // A blank value cannot be saved; Escape leaves the value as it was.
    await card.getByRole('button', { name: 'Edit audience' }).click();
    await card.getByLabel('audience').fill('   ');
    expect(await card.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await card.getByLabel('audience').press('Escape');
    await values.getByText('engineers').waitFor();
    await card.getByRole('button', { name: 'Edit audience' }).click();
    await card.getByLabel('audience').fill('designers');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await values.getByText('designers').waitFor();
    // Polled: the card can show the new value before the API read below sees it.
    await expect.poll(async () => (await apiAs(token, 'GET', '/context/profile')).body.values).toEqual({ audience: 'designers' });

    await card.getByRole('button', { name: 'Delete audience' }).click();
    expect(await answerAppDialog(page)).toEqual({
      type: 'confirm',
      message: 'Delete the profile value "audience"? Prompts that use [PROFILE: audience] will ask for it again.',
    });
    await card.getByText('No profile values yet.', { exact: false }).waitFor();
    await expect.poll(async () => (await apiAs(token, 'GET', '/context/profile')).body.values).toEqual({});
  });
});

describe('in-app dialogs', () => {
  it('links the prompt limit message to the plans', async () => {
    const { page } = browser;
    await signedIn(
      page,
      [1, 2, 3, 4, 5].map((i) => [`Mine ${i}`, 'Body']),
    );
    // The count is known once the list has loaded (before that the button cannot know the limit).
    await page.getByRole('article', { name: 'Mine 5' }).waitFor();
    await page.getByRole('button', { name: 'Create New Prompt' }).click({ force: true });
    const alert = page.getByRole('alertdialog');
    await alert.getByText('You have reached your limit of 5 prompts. Please upgrade your plan.').waitFor();
    await alert.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL('**/pricing');
  });

  it('answers a confirmation in the app, not the browser', async () => {
    const { page } = browser;
    let native = 0;
    page.on('dialog', (d) => {
      native++;
      void d.dismiss();
    });
    await signedIn(page, [['Keep me', 'Body']]);
    await page.getByRole('article', { name: 'Keep me' }).getByRole('button', { name: 'Delete' }).click();
    expect(await answerAppDialog(page, 'dismiss')).toEqual({
      type: 'confirm',
      message: 'Are you sure you want to delete this prompt? This action is permanent.',
    });
    expect(await page.getByRole('article', { name: 'Keep me' }).count()).toBe(1);
    expect(native).toBe(0);
  });
});
