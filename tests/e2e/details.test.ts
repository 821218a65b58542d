import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { failWith, useBrowser } from '../support/browser';
import { account, atPath, openMyPrompts, registerViaApi, see, seriousViolations, signInWithToken } from '../support/e2e';

/**
 * The details that cost a newcomer: focus after a failed submit, signed-in visitors of the sign-in
 * pages, Save and Copy/Run in reach on a phone, the lineage diff's folds, toasts clear of the navigation.
 */
const browser = useBrowser();

const PHONE = { width: 390, height: 844 };

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? el.tagName) : (el?.tagName ?? null);
  });

/** True when the element lies wholly inside the viewport. */
async function inViewport(page: Page, selector: ReturnType<Page['getByRole']>) {
  const box = await selector.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

describe('focus after a failed submit', () => {
  it('puts a refused sign-in back in the password field, and register on the field at fault', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('#login-error').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Password');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // Register: nothing filled in focuses the first field; an address the server refuses focuses Email
    // (an address already in use is answered as a new one, issue 32 item 6, so the refusal is routed here).
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => focusedLabel(page)).toBe('Full name');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('analytical-engine-2');
    await page.getByLabel('Confirm password', { exact: true }).fill('analytical-engine-2');
    await page.getByLabel(/I agree to the/).check();
    await page.route('**/api/v1/auth/register', failWith(400, 'This email address cannot receive mail.'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await see(page, 'This email address cannot receive mail.');
    await expect.poll(() => focusedLabel(page)).toBe('Email');
  });

  it('focuses the missing title when the editor is submitted with Ctrl+Enter', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.getByLabel('Body').fill('A body without a title.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Title');
  });
});

describe('signed-in visitors of the sign-in pages', () => {
  it('go to /prompts from /login and /register', async () => {
    const { page } = browser;
    const user = await signUp();
    await signInWithToken(page, user.token);
    await page.goto('/login');
    await atPath(page, '/prompts');
    await page.goto('/register');
    await atPath(page, '/prompts');
  });

  it('a visitor who signs in on /login still goes where they were going', async () => {
    const { page } = browser;
    const user = await registerViaApi(account());
    await page.goto('/context-library');
    await atPath(page, '/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/context-library');
  });
});

describe('on a 390×844 phone', () => {
  it("keeps the editor's Save in view with a long body", async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    const user = await signUp();
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.getByLabel('Title').fill('Long one');
    await editor.getByLabel('Body').fill(Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join('\n'));
    const save = editor.getByRole('button', { name: 'Save Prompt' });
    expect(await inViewport(page, save)).toBe(true);
    await editor.getByLabel('Body').focus();
    expect(await inViewport(page, save)).toBe(true);
  });

  it('keeps Copy and Run in reach while typing in the workbench', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    const user = await signUp();
    const body = Array.from({ length: 8 }, (_, i) => `Part ${i + 1}: [INPUT: field${i + 1}]`).join('\n');
    expect((await call('POST', '/prompts/', { token: user.token, json: { title: 'Many fields', body } })).status).toBe(201);
    await openMyPrompts(page, user.token);
    await page.getByRole('article', { name: 'Many fields' }).getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await dialog.waitFor();
    const field = dialog.getByRole('group', { name: 'field1', exact: true }).getByRole('textbox');
    await field.fill('typed on a phone');
    for (const name of ['Copy', 'Run']) expect(await inViewport(page, dialog.getByRole('button', { name, exact: true }))).toBe(true);
    // The bar covers none of the fields: the last one scrolls clear of it.
    const last = dialog.getByRole('group', { name: 'field8', exact: true }).getByRole('textbox');
    await last.scrollIntoViewIfNeeded();
    await last.fill('the last one');
    const bar = (await dialog.locator('.wb-actions').boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(bar.y + 1);
    expect(await seriousViolations(page, '.workbench')).toEqual([]);
  });
});

describe('the lineage diff', () => {
  it('folds unchanged lines and shows them on request', async () => {
    const { page } = browser;
    const user = await signUp();
    const lines = Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`);
    const created = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Long prompt', body: lines.join('\n') } })).body as { id: string };
    const edited = lines.map((l, i) => (i === 9 ? 'Line ten, rewritten' : l));
    expect(
      (
        await call('PUT', `/prompts/${created.id}`, {
          token: user.token,
          json: { title: 'Long prompt', body: edited.join('\n'), category_id: null, tasks: [], industries: [], is_favorite: false },
        })
      ).status,
    ).toBe(204);
    await openMyPrompts(page, user.token);
    await page.getByRole('article', { name: 'Long prompt' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Long prompt”' });
    const diff = history.getByRole('list', { name: 'Body changes from v1 to v2' });
    await diff.waitFor();
    const text = await diff.textContent();
    expect(text).toContain('Removed: Line 10');
    expect(text).toContain('Added: Line ten, rewritten');
    expect(text).not.toContain('Line 20');
    const folds = diff.getByRole('button', { name: /^Show \d+ unchanged lines$/ });
    expect(await folds.allTextContents()).toEqual(['Show 6 unchanged lines', 'Show 7 unchanged lines']);
    expect(await seriousViolations(page, '.diff-view')).toEqual([]);
    await folds.last().click();
    await expect.poll(() => diff.textContent()).toContain('Line 20');
    expect(await folds.count()).toBe(1);
  });
});

describe('toasts', () => {
  it('never cover the header and its navigation', async () => {
    const { page } = browser;
    const user = await signUp();
    expect((await call('POST', '/prompts/', { token: user.token, json: { title: 'Greeting', body: 'Hello [INPUT: name]' } })).status).toBe(201);
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await openMyPrompts(page, user.token);
      await page.getByRole('article', { name: 'Greeting', exact: true }).getByRole('button', { name: 'Open' }).click();
      await page.getByRole('dialog', { name: 'Prompt Workbench' }).getByRole('button', { name: 'Save as template' }).click();
      const toast = page.locator('.toast').filter({ hasText: 'Successfully copied' }).first();
      await toast.waitFor();
      const header = (await page.locator('header.app-header').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      // Delete the copy again so the next round starts below the plan limit.
      const copies = (await call('GET', '/prompts/', { token: user.token })).body.prompts as Array<{ id: string; title: string }>;
      for (const p of copies.filter((c) => c.title !== 'Greeting')) await call('DELETE', `/prompts/${p.id}`, { token: user.token });
    }
  });
});
