import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests, onAppDialog, useBrowser } from '../support/browser';
import { apiAs, atPath, logIn, openMyPrompts, registerViaApi, see, tokenFor } from '../support/e2e';

const browser = useBrowser();

const newPrompt = (title: string, body: string) => ({ title, body, category_id: null, is_favorite: false, tasks: [], industries: [] });

const TITLE = 'Launch Email';
const BODY = [
  'Write a launch email about [INPUT: product] for [PROFILE: audience].',
  '',
  'About us: [SNIPPET:company bio]',
  'Sign it as [PROFILE: sender]. Mention [INPUT: product] twice.',
].join('\n');
const PREFIX = 'You are a helpful marketing assistant.';
const SUFFIX = 'Keep it under 200 words.';
const BIO = 'Acme Inc. makes design tools.';

/** A user with directives, a 'Company Bio' snippet and the launch prompt, signed in at /prompts. */
async function setUp(page: Page) {
  const user = await registerViaApi();
  const token = await tokenFor(user);
  expect((await apiAs(token, 'PUT', '/context/directives', { global_prompt_prefix: PREFIX, global_prompt_suffix: SUFFIX })).status).toBe(200);
  expect((await apiAs(token, 'POST', '/context/snippets', { snippet_name: 'Company Bio', snippet_content: BIO })).status).toBe(201);
  expect((await apiAs(token, 'POST', '/prompts/', newPrompt(TITLE, BODY))).status).toBe(201);
  await openMyPrompts(page, token);
  return { user, token };
}

async function openWorkbench(page: Page, title = TITLE) {
  const open = page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Open' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await dialog.waitFor();
  return { dialog, open };
}

const previewText = (page: Page) => page.getByRole('region', { name: 'Live preview', exact: true }).textContent();
const variable = (page: Page, key: string) => page.getByRole('dialog').getByRole('group', { name: key, exact: true });

describe('prompt workbench', () => {
  it('fills the prompt live from inputs, stored snippets and the directives toggle', async () => {
    const { page } = browser;
    await setUp(page);
    const { dialog, open } = await openWorkbench(page);

    for (const name of ['Smart Template', 'Controls', 'Live Preview & Actions']) await dialog.getByRole('heading', { name, exact: true }).waitFor();
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    // The markers are highlighted in the template.
    expect(await dialog.locator('mark').allTextContents()).toEqual([
      '[INPUT: product]',
      '[PROFILE: audience]',
      '[SNIPPET:company bio]',
      '[PROFILE: sender]',
      '[INPUT: product]',
    ]);

    // The SNIPPET variable resolves from the stored 'Company Bio' (case-insensitive), shown as defined, without an input.
    const bio = variable(page, 'company bio');
    await bio.getByText('Defined').waitFor();
    await bio.getByText(BIO).waitFor();
    expect(await bio.getByRole('textbox').count()).toBe(0);
    // An INPUT variable cannot be saved.
    expect(await variable(page, 'product').getByRole('button').count()).toBe(0);

    // Directives on by default: marker lines, the real prefix and suffix; unfilled variables as [key].
    const toggle = dialog.getByRole('switch', { name: 'Apply global directives' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() => previewText(page))
      .toBe(
        [
          '[GLOBAL PREFIX APPLIED]',
          PREFIX,
          '',
          'Write a launch email about [product] for [audience].',
          '',
          `About us: ${BIO}`,
          'Sign it as [sender]. Mention [product] twice.',
          '',
          SUFFIX,
          '[GLOBAL SUFFIX APPLIED]',
        ].join('\n'),
      );

    // Typing an INPUT value updates every occurrence at once.
    await variable(page, 'product').getByRole('textbox').fill('Construct');
    await expect.poll(() => previewText(page)).toContain('Write a launch email about Construct for [audience].');
    expect(await previewText(page)).toContain('Mention Construct twice.');
    // An unsaved PROFILE value fills the preview too.
    await variable(page, 'audience').getByRole('textbox').fill('product managers');
    await expect.poll(() => previewText(page)).toContain('about Construct for product managers.');

    // Directives off: the body alone.
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(() => previewText(page))
      .toBe(['Write a launch email about Construct for product managers.', '', `About us: ${BIO}`, 'Sign it as [sender]. Mention Construct twice.'].join('\n'));

    // Escape closes the workbench and focus returns to 'Open'.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('keeps focus inside the dialog', async () => {
    const { page } = browser;
    await setUp(page);
    const { dialog } = await openWorkbench(page);
    // It opens on the first thing to fill in.
    await expect
      .poll(() =>
        variable(page, 'product')
          .getByRole('textbox')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  it('saves a PROFILE value to the context library, then shows it as defined', async () => {
    const { page } = browser;
    const { token } = await setUp(page);
    await openWorkbench(page);

    const audience = variable(page, 'audience');
    const save = audience.getByRole('button', { name: 'Save to context' });
    // Disabled while empty.
    expect(await save.isDisabled()).toBe(true);
    await audience.getByRole('textbox').fill('product managers');
    expect(await save.isEnabled()).toBe(true);

    const saving = await holdRequests(page, '**/api/v1/context/profile/*');
    await save.click();
    await audience.getByRole('button', { name: 'Saving...' }).waitFor();
    saving.release();
    await audience.getByText('Defined').waitFor();
    await audience.getByText('product managers').waitFor();
    expect(await audience.getByRole('textbox').count()).toBe(0);
    await expect.poll(() => previewText(page)).toContain('for product managers.');

    const profile = await apiAs(token, 'GET', '/context/profile');
    expect(profile.body.values).toEqual({ audience: 'product managers' });

    // A failed save: the product's alert, and the input stays.
    await page.unroute('**/api/v1/context/profile/*');
    await page.route('**/api/v1/context/profile/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Internal server error.' }) }),
    );
    const alerts: string[] = [];
    onAppDialog(page, async (d) => {
      await d.accept();
      alerts.push(`${d.type()}:${d.message()}`);
    });
    const sender = variable(page, 'sender');
    await sender.getByRole('textbox').fill('Ada');
    await sender.getByRole('button', { name: 'Save to context' }).click();
    await expect.poll(() => alerts, { timeout: 10_000 }).toEqual(['alert:Error: Could not save to your context library.']);
    expect(await sender.getByRole('textbox').inputValue()).toBe('Ada');
    expect(await sender.getByText('Defined').count()).toBe(0);
    browser.errors = browser.errors.filter((e) => !/status of 500/.test(e));

    // A saved value is there the next time the workbench opens.
    await page.keyboard.press('Escape');
    await openWorkbench(page);
    await variable(page, 'audience').getByText('Defined').waitFor();
  });

  it('saves a SNIPPET value as a snippet named after the variable', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await apiAs(token, 'POST', '/prompts/', newPrompt('Pitch', 'Pitch us using [SNIPPET: Elevator Pitch].'));
    await logIn(page, user);
    await atPath(page, '/prompts');
    await openWorkbench(page, 'Pitch');

    const pitch = variable(page, 'Elevator Pitch');
    await pitch.getByText('No snippet named "Elevator Pitch" yet.').waitFor();
    await pitch.getByRole('textbox').fill('We turn ideas into apps.');
    await pitch.getByRole('button', { name: 'Save to context' }).click();
    await pitch.getByText('Defined').waitFor();
    expect(await pitch.getByRole('textbox').count()).toBe(0);

    const snippets = await apiAs(token, 'GET', '/context/snippets');
    expect(snippets.body).toEqual([expect.objectContaining({ snippet_name: 'Elevator Pitch', snippet_content: 'We turn ideas into apps.' })]);

    // The Context Library lists it.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Context Library' }).click();
    await page.getByRole('heading', { name: 'Elevator Pitch' }).waitFor();
  });

  it("copies the text without the marker lines and reads 'Copied!' for 2 s", async () => {
    const { page } = browser;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await setUp(page);
    const { dialog } = await openWorkbench(page);
    await variable(page, 'product').getByRole('textbox').fill('Construct');
    await expect.poll(() => previewText(page)).toContain('about Construct');

    await dialog.getByRole('button', { name: 'Copy' }).click();
    const copiedButton = dialog.getByRole('button', { name: 'Copied!' });
    await copiedButton.waitFor();
    const copiedAt = Date.now();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(
      [
        PREFIX,
        '',
        'Write a launch email about Construct for [audience].',
        '',
        `About us: ${BIO}`,
        'Sign it as [sender]. Mention Construct twice.',
        '',
        SUFFIX,
      ].join('\n'),
    );
    expect(clipboard).not.toContain('GLOBAL');

    await dialog.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 5000 });
    const shownFor = Date.now() - copiedAt;
    expect(shownFor).toBeGreaterThan(1500);
  });

  it('falls back to execCommand when the Clipboard API is unavailable', async () => {
    const { page } = browser;
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      const original = document.execCommand.bind(document);
      (window as unknown as { copied: string[] }).copied = [];
      document.execCommand = (command: string, ...rest: unknown[]) => {
        if (command === 'copy') {
          const el = document.activeElement as HTMLTextAreaElement | null;
          (window as unknown as { copied: string[] }).copied.push(el?.value ?? '');
          return true;
        }
        return original(command, ...(rest as [boolean, string]));
      };
    });
    await setUp(page);
    const { dialog } = await openWorkbench(page);
    await dialog.getByRole('switch', { name: 'Apply global directives' }).click();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
    expect(copied).toEqual([
      ['Write a launch email about [product] for [audience].', '', `About us: ${BIO}`, 'Sign it as [sender]. Mention [product] twice.'].join('\n'),
    ]);
  });

  it('forks the filled prompt into My Prompts, and holds Fork at the plan limit with the reason', async () => {
    const { page } = browser;
    const { token } = await setUp(page);
    const { dialog } = await openWorkbench(page);
    await variable(page, 'product').getByRole('textbox').fill('Construct');
    await dialog.getByRole('switch', { name: 'Apply global directives' }).click();
    await expect.poll(() => previewText(page)).toContain('about Construct');

    const forking = await holdRequests(page, '**/api/v1/prompts/', { methods: ['POST'] });
    await dialog.getByRole('button', { name: 'Fork' }).click();
    await dialog.getByRole('button', { name: 'Forking...' }).waitFor();
    forking.release();
    await see(page, 'Successfully copied "Launch Email (filled)" to your personal workspace!');
    // Forking closes the workbench; My Prompts shows the copy.
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Launch Email (filled)' }).waitFor();

    const list = await apiAs(token, 'GET', '/prompts/');
    const forked = list.body.prompts.find((p: { title: string }) => p.title === 'Launch Email (filled)');
    expect(forked).toMatchObject({
      body: ['Write a launch email about Construct for [audience].', '', `About us: ${BIO}`, 'Sign it as [sender]. Mention Construct twice.'].join('\n'),
      category_id: null,
      is_favorite: false,
    });
    // The original is untouched.
    expect(list.body.prompts.find((p: { title: string }) => p.title === TITLE).body).toBe(BODY);

    // At the free limit of 5 prompts Fork and Save as template are held before any request, with the reason beside them.
    for (let i = 3; i <= 5; i++) expect((await apiAs(token, 'POST', '/prompts/', newPrompt(`Extra ${i}`, 'Body'))).status).toBe(201);
    await page.reload();
    const { dialog: held } = await openWorkbench(page);
    const note = held.getByText('You have 5 of 5 prompts on the Free plan.', { exact: false });
    await note.waitFor();
    for (const name of ['Fork', 'Save as template']) {
      const button = held.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`).textContent()).toContain(
        'You have 5 of 5 prompts on the Free plan.',
      );
    }
    await held.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL('**/pricing');
  });

  it('stacks the three panels on a 375 px screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 812 });
    await setUp(page);
    const { dialog } = await openWorkbench(page);
    const boxes = [];
    for (const name of ['Smart Template', 'Controls', 'Live Preview & Actions']) {
      boxes.push((await dialog.getByRole('region', { name, exact: true }).boundingBox())!);
    }
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[1]!.y + boxes[1]!.height - 1);
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(375);
    // Nothing scrolls sideways.
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
