import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiAs, openMyPrompts, registerViaApi, tokenFor } from '../support/e2e';

/**
 * Issue 32, item 15's minors on the workbench and the editor, at a laptop's 1280×800: long lines
 * wrap in the template and the preview (no sideways scroll), empty directives add no marker lines,
 * a Run answer has room to be read, and History is a real modal over the editor.
 */
const browser = useBrowser();

const LONG = `Summarise ${'the-quarterly-figures-of-every-region-'.repeat(12)}for [INPUT: reader] in one paragraph, please, with no tables at all.`;

async function signedInWith(page: Page, prompt: { title: string; body: string }, directives?: { global_prompt_prefix: string; global_prompt_suffix: string }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await registerViaApi();
  const token = await tokenFor(user);
  if (directives) expect((await apiAs(token, 'PUT', '/context/directives', directives)).status).toBe(200);
  expect((await apiAs(token, 'POST', '/prompts/', { ...prompt, category_id: null, is_favorite: false, tasks: [], industries: [] })).status).toBe(201);
  await openMyPrompts(page, token);
  return token;
}

async function openWorkbench(page: Page, title: string) {
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await dialog.waitFor();
  return dialog;
}

/** How far an element's content is wider than its box (0: it wraps). */
const sideways = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => Math.max(0, el.scrollWidth - el.clientWidth));

describe('the workbench at 1280×800', () => {
  it('wraps long lines in the template and the preview instead of clipping them or scrolling sideways', async () => {
    const { page } = browser;
    await signedInWith(page, { title: 'Long line', body: LONG });
    await openWorkbench(page, 'Long line');
    expect(await sideways(page, 'Template')).toBe(0);
    expect(await sideways(page, 'Live preview')).toBe(0);
    // Every word is there, on more than one line.
    const preview = page.getByRole('region', { name: 'Live preview', exact: true });
    expect(await preview.textContent()).toContain('no tables at all.');
    expect(await preview.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(60);
  });

  it('shows no [GLOBAL PREFIX APPLIED] / [GLOBAL SUFFIX APPLIED] lines when both directives are empty', async () => {
    const { page } = browser;
    await signedInWith(page, { title: 'Plain', body: 'Hello [INPUT: name].' }, { global_prompt_prefix: '', global_prompt_suffix: ' ' });
    const dialog = await openWorkbench(page, 'Plain');
    expect(await dialog.getByRole('switch', { name: 'Apply global directives' }).getAttribute('aria-checked')).toBe('true');
    // The preview is read once the directives are in (before, it has none to show either way).
    await dialog.getByText('Your global prefix and suffix are empty. Set them in the Context Library.').waitFor();
    expect(await page.getByRole('region', { name: 'Live preview', exact: true }).textContent()).toBe('Hello [name].');
  });

  it('gives a Run answer room to be read', async () => {
    const { page } = browser;
    await signedInWith(page, { title: 'Haiku', body: 'Write a haiku about the sea. Keep it calm.' });
    const dialog = await openWorkbench(page, 'Haiku');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    const answer = page.getByRole('region', { name: 'Answer', exact: true });
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('Prompt size');
    await dialog.getByText(/runs left today/).waitFor();
    // At least eight lines of the answer's text (it was two: 64 px).
    const box = await answer.evaluate((el) => ({ height: el.getBoundingClientRect().height, line: Number.parseFloat(getComputedStyle(el).lineHeight) }));
    expect(box.height).toBeGreaterThanOrEqual(8 * box.line);
  });
});

describe('History over the editor', () => {
  it('is a modal: focus stays in it, and the editor beneath is inert', async () => {
    const { page } = browser;
    await signedInWith(page, { title: 'Notes', body: 'Line one' });
    await page.getByRole('article', { name: 'Notes', exact: true }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Notes”' });
    await history.waitFor();

    // Tab never leaves History.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await history.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // The editor's buttons are out of reach: hidden from assistive technology, and a click at one lands elsewhere.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; name?: { value?: string } }[] };
    const exposed = (name: string) => nodes.filter((n) => !n.ignored && n.name?.value === name).length;
    expect(exposed('Save Prompt')).toBe(0);
    expect(exposed('Restore version 1') + exposed('Close')).toBeGreaterThan(0);
    await cdp.detach();
    const save = page.locator('button', { hasText: 'Save Prompt' });
    const hit = await save.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { inside: button.contains(top), pointer: getComputedStyle(button).pointerEvents };
    });
    expect(hit.inside && hit.pointer !== 'none').toBe(false);

    // Escape closes History only, and focus goes back to its button in the editor.
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'History' }).and(page.locator(':focus')).waitFor();
  });
});
