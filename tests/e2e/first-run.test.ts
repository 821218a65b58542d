import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts, seriousViolations } from '../support/e2e';

/**
 * A new user's first run: the empty workspace's ways in (the library, a sample prompt), the
 * editor's 'Insert variable' menu, a search that finds tags and category names with the filters
 * in the address, and focus on the card just saved.
 */
const browser = useBrowser();

type User = Awaited<ReturnType<typeof signUp>>;

async function seed(
  user: User,
  prompt: { title: string; body: string; tasks?: string[]; industries?: string[]; category_id?: string | null; is_favorite?: boolean },
) {
  const res = await call('POST', '/prompts/', { token: user.token, json: prompt });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

const focusedCardTitle = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest('.prompt-card')?.querySelector('h3')?.textContent ?? null);

describe('the empty workspace', () => {
  it('offers the library and a sample prompt that shows each kind of variable', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    await page.getByRole('heading', { name: 'Your Workspace is Ready' }).waitFor();
    await page.getByRole('button', { name: 'Create First Prompt' }).waitFor();
    expect(await seriousViolations(page, '.prompts-main')).toEqual([]);

    const library = page.getByRole('link', { name: 'Start from the Library' });
    expect(await library.getAttribute('href')).toBe('/library');

    await page.getByRole('button', { name: 'Add a sample prompt' }).click();
    const card = page.getByRole('article', { name: 'Sample: Meeting follow-up email' });
    await card.waitFor();
    // The new card has the focus, so a keyboard user carries on from it.
    await expect.poll(() => focusedCardTitle(page)).toBe('Sample: Meeting follow-up email');

    const stored = (await call('GET', '/prompts/', { token: user.token })).body.prompts as Array<{ body: string }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toContain('[INPUT: tone=friendly|formal|brief]');

    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    const detected = editor.locator('.variable-detector__list');
    await detected.waitFor();
    const chips = (await detected.locator('li').allTextContents()).join(' | ');
    for (const part of ['INPUTrecipient', 'INPUTtone', 'friendly | formal | brief', 'INPUTnotes', 'SNIPPETCompany Bio', 'PROFILEname'])
      expect(chips).toContain(part);
  });
});

describe('Insert variable', () => {
  it('inserts INPUT, SNIPPET and PROFILE markers at the cursor, completing snippet and profile names', async () => {
    const { page } = browser;
    const user = await signUp();
    expect(
      (await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'Company Bio', snippet_content: 'We build tools.' } })).status,
    ).toBe(201);
    expect((await call('PUT', '/context/profile/audience', { token: user.token, json: { value: 'engineers' } })).status).toBe(200);
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    const body = editor.getByLabel('Body');
    await body.fill('Hello  world');
    // The cursor between the two spaces.
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));

    const menu = page.getByRole('dialog', { name: 'Insert variable' });
    await editor.getByRole('button', { name: 'Insert variable' }).click();
    await menu.waitFor();
    expect(await seriousViolations(page, '.insert-variable')).toEqual([]);
    await menu.getByLabel('Type').selectOption('SNIPPET');
    // The user's snippet names: offered as picks and completed in the name box.
    const picks = menu.getByRole('list', { name: 'Your snippets' });
    expect(await menu.locator('datalist option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['Company Bio']);
    await picks.getByRole('button', { name: 'Company Bio' }).click();
    await menu.waitFor({ state: 'detached' });
    expect(await body.inputValue()).toBe('Hello [SNIPPET: Company Bio] world');
    // The body has the focus again, the cursor just after the marker.
    expect(await body.evaluate((el: HTMLTextAreaElement) => [document.activeElement === el, el.selectionStart])).toEqual([true, 28]);

    // A typed INPUT name, inserted with Enter (which does not save the prompt).
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await editor.getByRole('button', { name: 'Insert variable' }).click();
    await menu.getByLabel('Name').fill('greeting');
    await menu.getByLabel('Name').press('Enter');
    await menu.waitFor({ state: 'detached' });
    expect(await body.inputValue()).toBe('[INPUT: greeting]Hello [SNIPPET: Company Bio] world');
    expect(await editor.isVisible()).toBe(true);

    // PROFILE: the stored keys.
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await editor.getByRole('button', { name: 'Insert variable' }).click();
    await menu.getByLabel('Type').selectOption('PROFILE');
    await menu.getByRole('list', { name: 'Your profile values' }).getByRole('button', { name: 'audience' }).click();
    expect(await body.inputValue()).toBe('[INPUT: greeting]Hello [SNIPPET: Company Bio] world[PROFILE: audience]');
    await editor.getByText('Variables detected (3)').waitFor();
  });
});

describe('My Prompts search and filters', () => {
  it('finds prompts by tag and category name, and keeps the search and filters in the address', async () => {
    const { page } = browser;
    const user = await signUp();
    const category = (await call('POST', '/categories/', { token: user.token, json: { name: 'Outreach' } })).body as { id: string };
    await seed(user, { title: 'Cold email', body: 'Write to a stranger.', category_id: category.id });
    await seed(user, { title: 'Release notes', body: 'Summarise the changes.', tasks: ['Changelog'], industries: ['Software'], is_favorite: true });
    await seed(user, { title: 'Poem', body: 'Write a poem.' });
    await openMyPrompts(page, user.token);
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    const titles = () => page.locator('.prompt-card h3').allTextContents();

    await search.fill('changelog');
    await expect.poll(titles).toEqual(['Release notes']);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('changelog');
    await search.fill('software');
    await expect.poll(titles).toEqual(['Release notes']);
    await search.fill('outreach');
    await expect.poll(titles).toEqual(['Cold email']);

    // A reload keeps the search.
    await page.reload();
    await expect.poll(titles).toEqual(['Cold email']);
    expect(await search.inputValue()).toBe('outreach');

    await search.fill('');
    await page.getByRole('button', { name: 'Favorites Only' }).click();
    await expect.poll(titles).toEqual(['Release notes']);
    await expect.poll(() => new URL(page.url()).searchParams.get('favorites')).toBe('1');
    await page.getByRole('button', { name: 'Favorites Only' }).click();
    await page.getByRole('button', { name: /^Outreach/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(category.id);
    await expect.poll(titles).toEqual(['Cold email']);

    // A link with the filters opens the same view.
    await page.goto(`/prompts?favorites=1&q=release`);
    await expect.poll(titles).toEqual(['Release notes']);
    expect(await page.getByRole('button', { name: 'Favorites Only' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('after a save', () => {
  it('puts the focus on the saved card', async () => {
    const { page } = browser;
    const user = await signUp();
    await seed(user, { title: 'First', body: 'One.' });
    await seed(user, { title: 'Second', body: 'Two.' });
    await openMyPrompts(page, user.token);
    await page.getByRole('article', { name: 'First' }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByLabel('Title').fill('First, edited');
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => focusedCardTitle(page)).toBe('First, edited');

    await page.getByRole('button', { name: 'Create New Prompt' }).click();
    await page.getByRole('dialog', { name: 'New Prompt' }).getByLabel('Title').fill('Third');
    await page.getByRole('dialog', { name: 'New Prompt' }).getByLabel('Body').fill('Three.');
    await page.getByRole('dialog', { name: 'New Prompt' }).getByRole('button', { name: 'Save Prompt' }).click();
    await expect.poll(() => focusedCardTitle(page)).toBe('Third');
  });
});
