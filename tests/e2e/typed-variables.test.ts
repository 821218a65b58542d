import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { answerAppDialog, useBrowser } from '../support/browser';
import { openMyPrompts } from '../support/e2e';

/**
 * Typed variables: `[INPUT: tone=friendly|formal]` gives a select, a default
 * pre-fills its field, the preview and Copy use values and defaults, and bracketed text that is
 * not a marker ('[1]', '[draft]', '[INPUT: ]') is left alone in the editor, workbench and preview.
 */
const browser = useBrowser();

type User = Awaited<ReturnType<typeof signUp>>;

const BODY = [
  'Write a [INPUT: tone=friendly|formal|playful] note to [INPUT: name=Alex] about [INPUT: topic],',
  'in [INPUT: length=|short|long] form. Cite [1], keep [draft] and [INPUT: ] as they are.',
  'Again: [INPUT:tone], signed [PROFILE: sender=The team].',
].join('\n');

async function seedPrompt(user: User, title: string, body: string) {
  const res = await call('POST', '/prompts/', { token: user.token, json: { title, body } });
  expect(res.status).toBe(201);
}

async function openWorkbench(page: Page, title: string) {
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await dialog.waitFor();
  // Directives off: the preview is the body alone.
  await dialog.getByRole('switch', { name: 'Apply global directives' }).click();
  return dialog;
}

const preview = (page: Page) => page.getByRole('region', { name: 'Live preview', exact: true }).textContent();
const variable = (page: Page, key: string) => page.getByRole('dialog').getByRole('group', { name: key, exact: true });

describe('typed variables in the workbench', () => {
  it('offers a select for choices, pre-fills defaults and fills the preview live', async () => {
    const { page } = browser;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await signUp();
    await seedPrompt(user, 'Typed note', BODY);
    await openMyPrompts(page, user.token);
    const dialog = await openWorkbench(page, 'Typed note');

    // The template highlights the markers as written, and nothing else.
    expect(await dialog.locator('mark').allTextContents()).toEqual([
      '[INPUT: tone=friendly|formal|playful]',
      '[INPUT: name=Alex]',
      '[INPUT: topic]',
      '[INPUT: length=|short|long]',
      '[INPUT:tone]',
      '[PROFILE: sender=The team]',
    ]);
    // One control per variable, named by its key.
    expect(
      await dialog
        .getByRole('group')
        .filter({ has: page.locator('.wb-var__label') })
        .evaluateAll((groups) => groups.map((g) => g.querySelector('.wb-var__label')?.textContent)),
    ).toEqual(['tone', 'name', 'topic', 'length', 'sender']);

    // Choices: a labelled select on the default; without a default it starts on 'Choose…'.
    const tone = dialog.getByRole('combobox', { name: 'tone', exact: true });
    expect(await tone.evaluate((el: HTMLSelectElement) => [...el.options].map((o) => o.textContent))).toEqual(['friendly', 'formal', 'playful']);
    expect(await tone.inputValue()).toBe('friendly');
    const length = dialog.getByRole('combobox', { name: 'length', exact: true });
    expect(await length.evaluate((el: HTMLSelectElement) => [...el.options].map((o) => [o.value, o.textContent]))).toEqual([
      ['', 'Choose…'],
      ['short', 'short'],
      ['long', 'long'],
    ]);
    expect(await length.inputValue()).toBe('');
    // A default alone pre-fills a text field; SNIPPET and PROFILE defaults too when nothing is stored.
    expect(await dialog.getByRole('textbox', { name: 'name', exact: true }).inputValue()).toBe('Alex');
    expect(await dialog.getByRole('textbox', { name: 'topic', exact: true }).inputValue()).toBe('');
    expect(await variable(page, 'sender').getByRole('textbox').inputValue()).toBe('The team');

    await expect
      .poll(() => preview(page))
      .toBe(
        [
          'Write a friendly note to Alex about [topic],',
          'in [length] form. Cite [1], keep [draft] and [INPUT: ] as they are.',
          'Again: friendly, signed The team.',
        ].join('\n'),
      );

    await tone.selectOption('formal');
    await length.selectOption('short');
    await dialog.getByRole('textbox', { name: 'name', exact: true }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'topic', exact: true }).fill('the launch');
    const filled = [
      'Write a formal note to Ada about the launch,',
      'in short form. Cite [1], keep [draft] and [INPUT: ] as they are.',
      'Again: formal, signed The team.',
    ].join('\n');
    await expect.poll(() => preview(page)).toBe(filled);

    // Back to 'Choose…': unfilled again.
    await length.selectOption('');
    await expect.poll(() => preview(page)).toContain('in [length] form.');
    await length.selectOption('long');

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled.replace('short', 'long'));
  });

  it('saves a PROFILE default to the context, and a stored value wins over the default', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Typed note', BODY);
    await openMyPrompts(page, user.token);
    await openWorkbench(page, 'Typed note');

    const sender = variable(page, 'sender');
    await sender.getByRole('button', { name: 'Save to context' }).click();
    await sender.getByText('Defined').waitFor();
    expect((await call('GET', '/context/profile', { token: user.token })).body.values).toEqual({ sender: 'The team' });

    // A different stored value replaces the default in the preview.
    expect((await call('PUT', '/context/profile/sender', { token: user.token, json: { value: 'Ada' } })).status).toBe(200);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
    await openWorkbench(page, 'Typed note');
    await variable(page, 'sender').getByText('Defined').waitFor();
    await expect.poll(() => preview(page)).toContain('signed Ada.');
  });
});

describe('typed variables in My Prompts', () => {
  it('lists each variable by its key with its default or choices, and ignores brackets that are not markers', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, 'Typed note', BODY);
    await seedPrompt(user, 'Plain brackets', 'Cite [1] and [2], mark it [draft], see [Snippet Name] and [INPUT: ].');
    await openMyPrompts(page, user.token);

    // The <V> mark: typed markers count, other brackets do not.
    await page.getByRole('article', { name: 'Typed note' }).getByRole('img', { name: 'Has variables' }).waitFor();
    expect(await page.getByRole('article', { name: 'Plain brackets' }).getByRole('img', { name: 'Has variables' }).count()).toBe(0);

    await page.getByRole('article', { name: 'Typed note' }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    const detector = editor.locator('.variable-detector');
    await detector.getByText('Variables detected (5)').waitFor();
    expect(await detector.locator('.variable-chip__key').allTextContents()).toEqual(['tone', 'name', 'topic', 'length', 'sender']);
    expect(await detector.locator('.variable-chip__default').allTextContents()).toEqual([
      '= friendly | formal | playful',
      '= Alex',
      'choose: short | long',
      '= The team',
    ]);

    // Editing the body updates the detector; brackets that are not markers are not detected.
    await editor.getByLabel('Body').fill('Only [1], [draft] and [INPUT:] here.');
    await detector.getByText('No variables detected').waitFor();
    // The body was edited, so closing asks before the change is dropped.
    await page.keyboard.press('Escape');
    expect(await answerAppDialog(page)).toEqual({ type: 'confirm', message: 'Discard your unsaved changes? What you typed will be lost.' });
    await editor.waitFor({ state: 'detached' });

    // The workbench shows such a prompt as it is.
    await page.getByRole('article', { name: 'Plain brackets' }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.getByText('This prompt has no variables.', { exact: false }).waitFor();
    expect(await workbench.locator('mark').count()).toBe(0);
    await expect.poll(() => preview(page)).toContain('Cite [1] and [2], mark it [draft], see [Snippet Name] and [INPUT: ].');
  });
});
