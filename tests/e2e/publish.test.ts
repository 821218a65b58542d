import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { holdRequests, useBrowser } from '../support/browser';
import { see, signInWithToken } from '../support/e2e';

const browser = useBrowser();

/**
 * The admin's 'Publish to Library' on a My Prompts card (docs/decisions.md, Product). The test
 * stack's admin (admin@construct.test, elite) is shared with other test files: it is only used
 * here, never demoted or deleted.
 */
const PUBLISH = 'Publish to Library';
const FAILED = 'Failed to publish prompt.';
const published = (title: string) => `Published "${title}" to the library.`;

const run = randomUUID().slice(0, 8);
let admin: string;

async function seedPrompt(token: string, title: string) {
  const res = await call('POST', '/prompts/', {
    token,
    json: { title, body: `A prompt to publish, run ${run}: summarise [INPUT: topic] in three bullet points.` },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
}

async function seedLibraryCategory(name: string) {
  const res = await call('POST', '/admin/categories', { token: admin, json: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

/** The library as a (free) user sees it when searching for `title`. */
async function libraryMatches(token: string, title: string) {
  const res = await call('GET', `/library/prompts?${new URLSearchParams({ search: title })}`, { token });
  expect(res.status).toBe(200);
  return (res.body.prompts as Array<{ title: string; access_tier: string; locked: boolean; category_name: string | null }>).filter((p) => p.title === title);
}

/** Signs in with a token (as a login would store it) and opens My Prompts, narrowed to `title`. */
async function openPrompts(page: Page, token: string, title: string) {
  await signInWithToken(page, token);
  await page.goto('/prompts');
  await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
  // The admin's list is shared with other test files: search narrows it to this test's prompt.
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(title);
  await card(page, title).waitFor();
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const publishDialog = (page: Page) => page.getByRole('dialog', { name: PUBLISH });

async function openPublish(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: PUBLISH, exact: true }).click();
  const dialog = publishDialog(page);
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  admin = await adminToken();
});

describe('Publish to Library', () => {
  it('publishes an admin prompt into a library category at Pro; a free user then sees it locked', async () => {
    const { page } = browser;
    const category = await seedLibraryCategory(`E2E Publish ${run}`);
    const title = `Published prompt ${run}`;
    await seedPrompt(admin, title);
    await openPrompts(page, admin, title);

    const dialog = await openPublish(page, title);
    await dialog.getByText(title, { exact: true }).waitFor();
    const categorySelect = dialog.getByLabel('Library category');
    const tierSelect = dialog.getByLabel('Access tier');
    expect(await tierSelect.inputValue()).toBe('free');
    expect(await tierSelect.locator('option').allTextContents()).toEqual(['Free', 'Pro', 'Elite']);
    expect(await categorySelect.locator('option').first().textContent()).toBe('Uncategorized');
    await categorySelect.locator('option', { hasText: category.name }).waitFor({ state: 'attached' });

    await categorySelect.selectOption({ label: category.name });
    await tierSelect.selectOption({ label: 'Pro' });

    // Held until the busy state has been seen.
    const publishing = await holdRequests(page, '**/api/v1/admin/prompts');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const busy = dialog.getByRole('button', { name: 'Publishing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    publishing.release();

    await see(page, published(title));
    await publishDialog(page).waitFor({ state: 'detached' });
    // Focus goes back to the card's action; the admin's own prompt stays in My Prompts.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(PUBLISH);
    expect(await card(page, title).count()).toBe(1);

    const reader = await signUp();
    const matches = await libraryMatches(reader.token, title);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ title, access_tier: 'pro', locked: true, category_name: category.name });
  });

  it('publishes uncategorized at Free by default, and Cancel publishes nothing', async () => {
    const { page } = browser;
    const title = `Default publish ${run}`;
    await seedPrompt(admin, title);
    await openPrompts(page, admin, title);

    await (await openPublish(page, title)).getByRole('button', { name: 'Cancel' }).click();
    await publishDialog(page).waitFor({ state: 'detached' });
    const reader = await signUp();
    expect(await libraryMatches(reader.token, title)).toHaveLength(0);

    await (await openPublish(page, title)).getByRole('button', { name: 'Publish', exact: true }).click();
    await see(page, published(title));
    const matches = await libraryMatches(reader.token, title);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ access_tier: 'free', locked: false, category_name: null });
  });

  it('shows why a publish failed inline and keeps the dialog open', async () => {
    const { page } = browser;
    const category = await seedLibraryCategory(`E2E Vanishing ${run}`);
    const title = `Failing publish ${run}`;
    await seedPrompt(admin, title);
    await openPrompts(page, admin, title);

    const dialog = await openPublish(page, title);
    const categorySelect = dialog.getByLabel('Library category');
    await categorySelect.locator('option', { hasText: category.name }).waitFor({ state: 'attached' });
    await categorySelect.selectOption({ label: category.name });
    // The category is deleted (by another admin, say) while the dialog is open: the server says so.
    expect((await call('DELETE', `/admin/categories/${category.id}`, { token: admin })).status).toBeLessThan(300);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Library category not found.');
    expect(await dialog.isVisible()).toBe(true);

    // A failure without a detail gets the fallback text.
    await page.route('**/api/v1/admin/prompts', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(FAILED);

    const reader = await signUp();
    expect(await libraryMatches(reader.token, title)).toHaveLength(0);
  });

  it('is never offered to a user who is not an admin', async () => {
    const { page } = browser;
    const user = await signUp();
    const title = `Private prompt ${run}`;
    await seedPrompt(user.token, title);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/admin/')) adminCalls.push(request.url());
    });
    await openPrompts(page, user.token, title);

    await card(page, title).getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: PUBLISH }).count()).toBe(0);
    expect(adminCalls).toEqual([]);
  });
});
