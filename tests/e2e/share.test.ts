import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { account, apiAs, atPath, openMyPrompts, registerViaApi, see, tokenFor } from '../support/e2e';

const browser = useBrowser();

/** Serious and critical axe-core findings (WCAG A and AA) in what `include` selects. */
async function axeFindings(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('share links', () => {
  it('shares a prompt from its card, opens the link signed out, and forks it after signing in', async () => {
    const { page } = browser;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const authorToken = await tokenFor(await registerViaApi());
    const title = `Standup "notes" <${Date.now()}>`;
    await apiAs(authorToken, 'POST', '/prompts/', { title, body: 'Summarise [INPUT: notes] for the team.' });
    const reader = await registerViaApi(account());

    // The author shares it: the dialog makes the link and copies it.
    await openMyPrompts(page, authorToken);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    const link = dialog.getByLabel('Public link');
    await expect.poll(() => link.inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
    const url = await link.inputValue();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await see(page, 'Link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Stop sharing: the link is gone at once; sharing again makes a new one.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => link.inputValue()).toBe(url);
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await see(page, 'is no longer shared');
    expect((await apiAs(undefined, 'GET', `/shared/${url.split('/s/')[1]}`)).status).toBe(404);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => link.inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
    const newUrl = await link.inputValue();
    expect(newUrl).not.toBe(url);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Signed out, the link is readable; its HTML came with the title and Open Graph tags.
    await page.evaluate(() => localStorage.clear());
    const path = new URL(newUrl).pathname;
    await page.goto(path);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await see(page, 'Summarise [INPUT: notes] for the team.');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
    expect(await page.title()).toContain(title);
    expect(await axeFindings(page, 'main')).toEqual([]);

    // Fork: sign in first, back to the page, then the copy opens in My Prompts.
    await page.getByRole('button', { name: 'Fork into My Prompts' }).click();
    await atPath(page, '/login');
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await see(page, `"${title}" is now in My Prompts.`);
    await atPath(page, '/prompts');
    await page.getByRole('dialog', { name: 'Prompt Workbench' }).waitFor();
    // Opened once: a reload shows My Prompts without it.
    await page.reload();
    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
    await page.getByRole('heading', { name: title }).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Prompt Workbench' }).count()).toBe(0);
    const prompts = (await apiAs(await tokenFor(reader), 'GET', '/prompts/')).body.prompts;
    expect(prompts).toEqual([expect.objectContaining({ title, body: 'Summarise [INPUT: notes] for the team.' })]);
  });

  it('shares a prompt from its editor with the same dialog, over the editor, which stays open with its edits', async () => {
    const { page } = browser;
    const authorToken = await tokenFor(await registerViaApi());
    const title = `Editor share ${Date.now()}`;
    const prompt = (await apiAs(authorToken, 'POST', '/prompts/', { title, body: 'Draft [INPUT: topic].' })).body;

    await openMyPrompts(page, authorToken);
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByLabel('Title').fill(`${title} (unsaved)`);
    await editor.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    const link = dialog.getByLabel('Public link');
    await expect.poll(() => link.inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
    // The link of the saved prompt: the API hands back the same one.
    const again = (await apiAs(authorToken, 'POST', `/prompts/${prompt.id}/share`)).body;
    expect(await link.inputValue()).toBe(again.url);
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await dialog.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Title').inputValue()).toBe(`${title} (unsaved)`);
    expect((await apiAs(undefined, 'GET', `/shared/${again.token}`)).body.title).toBe(title);
  });

  it("holds 'Fork into My Prompts' at the reader's prompt limit, with the reason and a link to the plans", async () => {
    const { page } = browser;
    const authorToken = await tokenFor(await registerViaApi());
    const prompt = (await apiAs(authorToken, 'POST', '/prompts/', { title: 'Weekly digest', body: 'Summarise [INPUT: notes].' })).body;
    const link = (await apiAs(authorToken, 'POST', `/prompts/${prompt.id}/share`)).body as { token: string };
    const reader = await registerViaApi(account());
    const readerToken = await tokenFor(reader);
    for (let i = 1; i <= 5; i++) expect((await apiAs(readerToken, 'POST', '/prompts/', { title: `Mine ${i}`, body: 'Body' })).status).toBe(201);

    await openMyPrompts(page, readerToken);
    await page.goto(`/s/${link.token}`);
    const fork = page.getByRole('button', { name: 'Fork into My Prompts' });
    await see(page, 'You have 5 of 5 prompts on the Free plan.');
    expect(await fork.isDisabled()).toBe(true);
    const note = page.locator(`[id="${await fork.getAttribute('aria-describedby')}"]`);
    expect(await note.textContent()).toContain('You have 5 of 5 prompts on the Free plan.');
    expect(await axeFindings(page, 'main')).toEqual([]);
    await note.getByRole('link', { name: 'See plans' }).click();
    await atPath(page, '/pricing');
    expect((await apiAs(readerToken, 'GET', '/prompts/')).body.prompts).toHaveLength(5);
  });

  it('shows a not-found page for a link that is not shared', async () => {
    const { page } = browser;
    const response = await page.goto('/s/not-a-shared-link-token');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Shared prompt not found', level: 1 }).waitFor();
  });
});
