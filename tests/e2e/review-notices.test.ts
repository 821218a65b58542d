import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seedTeam } from '../support/db';
import { account, apiAs, openMyPrompts, registerViaApi, see, seriousViolations, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

/** Serious axe violations in light and dark, once the colours' transitions have ended. */
async function inBothSchemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await seriousViolations(page), `${label}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The header's notices (issue 31): a reviewer sees how many reviews wait on them, opens one from
 * the list as the review mail's link would, approves it, and the count goes; the author is then
 * told their request was approved. The two share a name: what is one's own comes from the
 * server's `own` and ids, never from a name.
 */
describe('review notices', () => {
  it('counts the reviews waiting, links to each, and follows the review steps', async () => {
    const { page } = browser;
    const owner = await registerViaApi({ ...account(), name: 'Sam Lee' });
    const editor = await registerViaApi({ ...account(), name: 'Sam Lee' });
    const [ownerToken, editorToken] = [await tokenFor(owner), await tokenFor(editor)];
    const team = await seedTeam('Notice team', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
    ]);
    const inTeam = (path: string) => `${path}?workspace=${team}`;
    const id = (await apiAs(ownerToken, 'POST', inTeam('/prompts/'), { title: 'Greeting', body: 'Hello [INPUT: name].' })).body.id as string;
    const opened = await apiAs(ownerToken, 'POST', inTeam(`/prompts/${id}/reviews`), { version: 1, label: 'production', reviewers: [editor.id] });
    expect(opened.status).toBe(201);

    // The editor, in their own workspace, sees one review waiting and opens it from the list.
    await openMyPrompts(page, editorToken);
    const bell = page.getByRole('banner').getByRole('button', { name: '1 review waiting' });
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Reviews waiting' });
    const link = list.getByRole('link', { name: /Greeting/ });
    await link.getByText('Sam Lee asks you to review version 1 for production').waitFor();
    await link.getByText('Notice team').waitFor();
    await inBothSchemes(page, 'The notices');
    await link.click();
    const history = page.getByRole('dialog', { name: 'History of “Greeting”' });
    const review = history.getByRole('article', { name: 'Version 1 for production' });
    // Not their own request, though the names are the same.
    expect(await review.getByText('Your own request').count()).toBe(0);
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText('Sam Lee approved version 1').waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await page.getByRole('banner').getByRole('button', { name: 'No reviews waiting' }).click();
    await page.getByRole('dialog', { name: 'Reviews waiting' }).getByText('Nothing waits on you.').waitFor();
    await page.keyboard.press('Escape');

    // The owner is told their request was approved; it is theirs, and the same-named editor is a reviewer they may name.
    await openMyPrompts(page, ownerToken);
    await page.getByRole('banner').getByRole('button', { name: '1 review waiting' }).click();
    await page
      .getByRole('dialog', { name: 'Reviews waiting' })
      .getByRole('link', { name: /Sam Lee approved version 1 for production/ })
      .click();
    const owners = page.getByRole('dialog', { name: 'History of “Greeting”' });
    await owners.getByRole('article', { name: 'Version 1 for production' }).getByText('Your own request: another member approves it.').waitFor();
    await owners.getByRole('form', { name: 'Request a review' }).getByRole('checkbox', { name: 'Sam Lee' }).waitFor();
    await page.keyboard.press('Escape');
    await owners.waitFor({ state: 'hidden' });

    // The bell fits a phone's header.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('banner').getByRole('button', { name: '1 review waiting' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);

  it('in a personal workspace, names a reviewer from a shared team, who opens and approves that review alone', async () => {
    const { page } = browser;
    const owner = await registerViaApi({ ...account(), name: 'Ada Author' });
    const editor = await registerViaApi({ ...account(), name: 'Rex Reviewer' });
    const [ownerToken, editorToken] = [await tokenFor(owner), await tokenFor(editor)];
    await seedTeam('Shared team', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
    ]);
    const id = (await apiAs(ownerToken, 'POST', '/prompts/', { title: 'Private note', body: 'Hello [INPUT: name].' })).body.id as string;

    // The author, in their own workspace, picks Rex from the shared team.
    await signInWithToken(page, ownerToken);
    await page.evaluate(() => localStorage.removeItem('construct.workspace'));
    await page.goto(`/prompts?reviews=${id}`);
    const form = page.getByRole('dialog', { name: 'History of “Private note”' }).getByRole('form', { name: 'Request a review' });
    await form
      .getByRole('group', { name: 'Reviewers from Shared team (they get an email and see this review only)' })
      .getByRole('checkbox', { name: 'Rex Reviewer' })
      .check();
    await form.getByRole('button', { name: 'Request review' }).click();
    await see(page, 'Review requested: version 1 for production.');

    // Rex opens it from the header: the review alone, at /reviews/<id>.
    await signInWithToken(page, editorToken);
    await page.goto('/prompts');
    await page.getByRole('banner').getByRole('button', { name: '1 review waiting' }).click();
    const link = page.getByRole('dialog', { name: 'Reviews waiting' }).getByRole('link', { name: /Private note/ });
    await link.getByText("Ada Author's workspace").waitFor();
    await link.click();
    await page.getByRole('heading', { name: 'Review of version 1 for production', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/reviews\/[0-9a-z]+$/);
    const review = page.getByRole('article', { name: 'Version 1 for production' });
    await review.getByText('Its author merges it once approved.').waitFor();
    expect(await review.getByRole('button', { name: 'Merge' }).count()).toBe(0);
    await inBothSchemes(page, 'The review page');
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText('Rex Reviewer approved version 1').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'No reviews waiting' }).waitFor();
  }, 180_000);
});
