import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { holdRequests, onAppDialog, useBrowser } from '../support/browser';
import { library } from '../support/db';
import { apiAs, atPath, logIn, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();
const api = apiAs;

/**
 * The prompt library as a free user sees it. Expectations are computed from the API with the
 * same user's token (never from the seed file's exact content), so the seed can change freely.
 */
interface LibraryPromptView {
  id: string;
  title: string;
  body: string;
  category_name: string | null;
  tasks: string[];
  industries: string[];
  access_tier: 'free' | 'pro' | 'elite';
  locked: boolean;
}
interface LibraryPageView {
  prompts: LibraryPromptView[];
  total: number;
  page: number;
  total_pages: number;
  featured: LibraryPromptView[];
  available_tasks: string[];
}
interface Query {
  search?: string;
  category?: string;
  tasks?: string[];
  industries?: string[];
  page?: number;
}

async function libraryPage(token: string, query: Query = {}, pageSize = 12): Promise<LibraryPageView> {
  const qs = new URLSearchParams({ page: String(query.page ?? 1), page_size: String(pageSize) });
  if (query.search) qs.set('search', query.search);
  if (query.category) qs.set('category', query.category);
  if (query.tasks?.length) qs.set('tasks', query.tasks.join(','));
  if (query.industries?.length) qs.set('industries', query.industries.join(','));
  const { status, body } = await api(token, 'GET', `/library/prompts?${qs}`);
  expect(status).toBe(200);
  return body as LibraryPageView;
}

/** The first value whose filtered total is a real narrowing (some, but not all, prompts). */
async function pickNarrowing(values: string[], total: number, count: (value: string) => Promise<number>) {
  for (const value of values) {
    const n = await count(value);
    if (n > 0 && n < total) return { value, total: n };
  }
  throw new Error('The seeded library has no value that narrows the results.');
}

/** Registers a free user, signs in (with a session token) and opens /library (or `path`); returns the user's token. */
async function openLibrary(page: Page, path = '/library') {
  const user = await registerViaApi();
  const token = await tokenFor(user);
  await signInWithToken(page, token);
  await page.goto(path);
  await page.getByRole('heading', { name: 'Prompt Library', level: 1 }).waitFor();
  await see(page, /^Showing \d+ of \d+ results$/);
  return { user, token };
}

/** Waits for a value (the machine may be busy: a generous timeout, checked often). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

const results = (page: Page) => page.getByRole('region', { name: 'Library prompts' });
const showing = (page: Page) =>
  results(page)
    .getByText(/^Showing \d+ of \d+ results$/)
    .textContent();
const expectShowing = (page: Page, view: Pick<LibraryPageView, 'prompts' | 'total'>) =>
  eventually(() => showing(page)).toBe(`Showing ${view.prompts.length} of ${view.total} results`);
const chip = (page: Page, group: 'Categories' | 'Industries' | 'Tasks', name: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
const pressed = (locator: Locator) => locator.getAttribute('aria-pressed');
const cardTitles = (page: Page) => results(page).getByRole('article').locator('h3').allTextContents();
const params = (page: Page) => new URL(page.url()).searchParams;

describe('Library: browsing and filtering', () => {
  it('filters by category (click again to clear), by industry and by task, matching the API', async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    const filters = (await api(token, 'GET', '/library/filters')).body as { categories: string[]; tasks: string[]; industries: string[] };
    const all = await libraryPage(token);
    await expectShowing(page, all);
    expect(await cardTitles(page)).toEqual(all.prompts.map((p) => p.title));

    // Category: single-select, every card carries it, a second click clears it.
    const category = await pickNarrowing(filters.categories, all.total, async (c) => (await libraryPage(token, { category: c })).total);
    expect(await page.getByRole('tab', { name: 'Category' }).getAttribute('aria-selected')).toBe('true');
    await chip(page, 'Categories', category.value).click();
    const byCategory = await libraryPage(token, { category: category.value });
    await expectShowing(page, byCategory);
    expect(await pressed(chip(page, 'Categories', category.value))).toBe('true');
    expect(params(page).get('category')).toBe(category.value);
    for (const card of await results(page).getByRole('article').all()) {
      expect(await card.textContent()).toContain(category.value);
    }
    await chip(page, 'Categories', category.value).click();
    await expectShowing(page, all);
    expect(await pressed(chip(page, 'Categories', category.value))).toBe('false');
    expect(params(page).get('category')).toBeNull();

    // Industry (second tab, reached with the arrow keys): multi-select.
    await page.getByRole('tab', { name: 'Category' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Industry' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Industry' }).evaluate((el) => el === document.activeElement)).toBe(true);
    const industry = await pickNarrowing(filters.industries, all.total, async (i) => (await libraryPage(token, { industries: [i] })).total);
    await chip(page, 'Industries', industry.value).click();
    const byIndustry = await libraryPage(token, { industries: [industry.value] });
    await expectShowing(page, byIndustry);
    expect(params(page).getAll('industry')).toEqual([industry.value]);

    // Tasks offered are those of the prompts matching the other filters.
    await eventually(async () => (await page.getByRole('group', { name: 'Tasks' }).getByRole('button').allTextContents()).sort()).toEqual(
      [...byIndustry.available_tasks].sort(),
    );
    const narrowing = await pickNarrowing(
      byIndustry.available_tasks,
      byIndustry.total,
      async (t) => (await libraryPage(token, { industries: [industry.value], tasks: [t] })).total,
    ).catch(() => null);
    const task = narrowing?.value ?? byIndustry.available_tasks[0]!;
    await chip(page, 'Tasks', task).click();
    await expectShowing(page, await libraryPage(token, { industries: [industry.value], tasks: [task] }));
    expect(await pressed(chip(page, 'Tasks', task))).toBe('true');
    expect(params(page).getAll('task')).toEqual([task]);

    // 'Clear' empties the task selection only.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectShowing(page, byIndustry);
    expect(params(page).getAll('task')).toEqual([]);
    expect(await pressed(chip(page, 'Industries', industry.value))).toBe('true');
  });

  it('shows the task empty text when no prompt matches', async () => {
    const { page } = browser;
    await openLibrary(page, `/library?search=${encodeURIComponent('zz-no-such-prompt-zz')}`);
    await see(page, 'No tasks available for current filters.');
    await see(page, 'No Prompts Found');
    expect(await showing(page)).toBe('Showing 0 of 0 results');
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
  });

  it('searches (debounced), pages with Prev/Next, and any filter change goes back to page 1', async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    const all = await libraryPage(token);
    expect(all.total_pages).toBeGreaterThan(1);

    // Paging.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText(`Page 1 of ${all.total_pages}`).waitFor();
    expect(await pager.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Page 2 of ${all.total_pages}`).waitFor();
    const second = await libraryPage(token, { page: 2 });
    await eventually(() => cardTitles(page)).toEqual(second.prompts.map((p) => p.title));
    await expectShowing(page, second);
    expect(params(page).get('page')).toBe('2');
    await pager.getByRole('button', { name: 'Prev' }).click();
    await pager.getByText(`Page 1 of ${all.total_pages}`).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Page 2 of ${all.total_pages}`).waitFor();

    // Search: a word from a title on page 2, typed into the box, lands in the URL after the pause.
    const word = second.prompts[0]!.title.split(/\s+/).find((w) => w.length >= 5) ?? second.prompts[0]!.title;
    const searchBox = page.getByRole('searchbox', { name: 'Search the library' });
    expect(await searchBox.getAttribute('placeholder')).toBe('Search by title, task, industry...');
    await searchBox.fill(word);
    const found = await libraryPage(token, { search: word });
    await expectShowing(page, found);
    await eventually(() => params(page).get('search')).toBe(word);
    expect(params(page).get('page')).toBeNull();
    expect(await cardTitles(page)).toContain(second.prompts[0]!.title);
    for (const p of found.prompts) expect(`${p.title} ${p.body}`.toLowerCase()).toContain(word.toLowerCase());

    // Clearing the search brings everything back.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expectShowing(page, all);
    await eventually(() => params(page).get('search')).toBeNull();

    // A chip changed on page 2 goes back to page 1 too.
    await pager.getByRole('button', { name: 'Next' }).click();
    await eventually(() => params(page).get('page')).toBe('2');
    const task = all.available_tasks[0]!;
    await chip(page, 'Tasks', task).click();
    await expectShowing(page, await libraryPage(token, { tasks: [task] }));
    expect(params(page).get('page')).toBeNull();
    expect(params(page).getAll('task')).toEqual([task]);
  });

  it('keeps the filters, page and layout in the URL across a reload', async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    const all = await libraryPage(token);
    const filters = (await api(token, 'GET', '/library/filters')).body as { industries: string[] };
    // The industry with the most prompts, so the filtered view still has two pages when possible.
    const sizes = await Promise.all(filters.industries.map(async (i) => ({ i, n: (await libraryPage(token, { industries: [i] })).total })));
    const industry = sizes.sort((a, b) => b.n - a.n)[0]!.i;

    await page.getByRole('tab', { name: 'Industry' }).click();
    await chip(page, 'Industries', industry).click();
    const filtered = await libraryPage(token, { industries: [industry] });
    await expectShowing(page, filtered);
    let expected = filtered;
    if (filtered.total_pages > 1) {
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
      expected = await libraryPage(token, { industries: [industry], page: 2 });
      await page.getByText(`Page 2 of ${filtered.total_pages}`).waitFor();
    }
    await page.getByRole('button', { name: 'List view' }).click();
    await eventually(() => params(page).get('view')).toBe('list');
    await eventually(() => page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('false');

    const url = page.url();
    await page.reload();
    await see(page, /^Showing \d+ of \d+ results$/);
    expect(page.url()).toBe(url);
    await expectShowing(page, expected);
    expect(await cardTitles(page)).toEqual(expected.prompts.map((p) => p.title));
    expect(await page.getByRole('tab', { name: 'Industry' }).getAttribute('aria-selected')).toBe('true');
    expect(await pressed(chip(page, 'Industries', industry))).toBe('true');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');

    // The link opens the same view in another tab.
    const other = await browser.page.context().newPage();
    await other.goto(url);
    await other.getByText(`Showing ${expected.prompts.length} of ${expected.total} results`).waitFor();
    await other.close();
    expect(all.total).toBeGreaterThan(filtered.total);
  });

  it('shows the load error when the library cannot be fetched', async () => {
    const { page } = browser;
    await page.route('**/api/v1/library/prompts?**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'Broken on purpose.' }) }),
    );
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/library');
    await page.getByRole('heading', { name: 'Could Not Load Library' }).waitFor();
    await see(page, 'Could not load the Prompt Library. Please try again later.');
  });
});

describe('Library: saving and tiers', () => {
  it('forks a prompt into a category through the Add to Category popover', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const login = await fetch(`${inject('apiUrl')}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.email, password: user.password }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const category = (await api(login.access_token, 'POST', '/categories/', { name: 'Library picks' })).body as { id: string; name: string };

    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/library');
    await see(page, /^Showing \d+ of \d+ results$/);
    const token = (await page.evaluate(() => localStorage.getItem('construct.access_token')))!;
    const target = (await libraryPage(token)).prompts.find((p) => !p.locked)!;
    expect(target).toBeDefined();
    const card = results(page).getByRole('article', { name: target.title, exact: true });
    const save = card.getByRole('button', { name: 'Save to My Prompts' });
    const menu = page.getByRole('dialog', { name: 'Add to Category' });

    // Escape closes the popover, and so does a click outside it.
    await save.click();
    await menu.waitFor();
    await eventually(() => menu.getByRole('button').allTextContents()).toEqual(['Uncategorized', 'Library picks']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await save.click();
    await menu.waitFor();
    await page.getByRole('heading', { name: 'Prompt Library', level: 1 }).click();
    await menu.waitFor({ state: 'hidden' });

    // Choosing a category forks; the button is busy meanwhile, then the product's message (a toast).
    const alerts: string[] = [];
    onAppDialog(page, (dialog) => alerts.push(dialog.message()));
    const forking = await holdRequests(page, '**/api/v1/prompts/fork/**');
    await save.click();
    await menu.getByRole('button', { name: 'Library picks' }).click();
    await card.getByRole('button', { name: 'Saving...' }).waitFor();
    forking.release();
    await page
      .getByRole('status')
      .filter({ hasText: `Successfully copied "${target.title}" to your personal workspace!` })
      .waitFor();
    expect(alerts).toEqual([]);
    // The card now says the prompt is in My Prompts.
    await card.getByRole('button', { name: 'Saved ✓' }).waitFor();

    const mine = await fetch(new URL('/api/v1/prompts/', page.url()), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect(mine.prompts).toEqual([
      expect.objectContaining({ title: target.title, body: target.body, category_id: category.id, category_name: 'Library picks' }),
    ]);
  });

  it("alerts the server's reason when a fork fails (plan limit)", async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    for (let i = 1; i <= 5; i++) {
      expect((await api(token, 'POST', '/prompts/', { title: `Mine ${i}`, body: 'Body' })).status).toBe(201);
    }
    const target = (await libraryPage(token)).prompts.find((p) => !p.locked)!;
    const alerts: string[] = [];
    onAppDialog(page, (dialog) => {
      alerts.push(dialog.message());
      return dialog.accept();
    });
    const card = results(page).getByRole('article', { name: target.title, exact: true });
    // No category of the user's own: nothing to choose, so the press forks at once (issue 32, item 15).
    await card.getByRole('button', { name: 'Save to My Prompts' }).click();
    await eventually(() => alerts).toEqual(['Error: You have reached your limit of 5 prompts. Please upgrade your plan.']);
    expect(await page.getByRole('dialog', { name: 'Add to Category' }).count()).toBe(0);
  });

  it("holds 'Save to My Prompts' at the plan's prompt limit, with the reason and a link to the plans", async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    for (let i = 1; i <= 5; i++) expect((await api(token, 'POST', '/prompts/', { title: `Mine ${i}`, body: 'Body' })).status).toBe(201);
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/library');
    const target = (await libraryPage(token)).prompts.find((p) => !p.locked)!;
    const card = results(page).getByRole('article', { name: target.title, exact: true });
    const reason = 'You have 5 of 5 prompts on the Free plan.';

    // One note above the results; every card's Save is disabled and names it.
    const note = results(page).locator('.limit-note');
    await note.getByText(reason, { exact: false }).waitFor();
    expect(await results(page).locator('.limit-note').count()).toBe(1);
    const save = card.getByRole('button', { name: 'Save to My Prompts' });
    expect(await save.isDisabled()).toBe(true);
    const described = (await save.getAttribute('aria-describedby'))!.split(' ');
    expect(described).toContain(await note.getAttribute('id'));
    // The workbench opened from the library holds its Fork the same way.
    await card.getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    expect(await workbench.getByRole('button', { name: 'Fork', exact: true }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'hidden' });

    // The prompt's own page: Save disabled, the reason beside it.
    await page.goto(`/library/${encodeURIComponent(target.id)}`);
    const detailSave = page.getByRole('button', { name: 'Save to My Prompts' });
    await detailSave.waitFor();
    expect(await detailSave.isDisabled()).toBe(true);
    const detailNote = page.locator(`[id="${(await detailSave.getAttribute('aria-describedby'))!.split(' ').pop()}"]`);
    expect(await detailNote.textContent()).toContain(reason);
    await detailNote.getByRole('link', { name: 'See plans' }).click();
    await atPath(page, '/pricing');
    expect((await api(token, 'GET', '/prompts/')).body.prompts).toHaveLength(5);
  });

  it('opens an unlocked prompt in the workbench', async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    const target = (await libraryPage(token)).prompts.find((p) => !p.locked)!;
    await results(page).getByRole('article', { name: target.title, exact: true }).getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.waitFor();
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'hidden' });
  });

  it('shows a locked elite prompt as a teaser with a lock and a way to /pricing', async () => {
    const { page } = browser;
    const { token } = await openLibrary(page);
    const everything = await libraryPage(token, {}, 100);
    const elite = everything.prompts.find((p) => p.access_tier === 'elite')!;
    expect(elite.locked).toBe(true);
    expect(elite.body.length).toBeLessThanOrEqual(81);
    const full = (await library.getLibraryPrompt(elite.id))!.body;
    expect(full.length).toBeGreaterThan(120);

    // The carousel: up to 5 elite prompts, each a teaser leading to /pricing for this user.
    const featured = page.getByRole('region', { name: 'Featured Elite Prompts' });
    const items = featured.getByRole('listitem');
    expect(await items.count()).toBe(everything.featured.length);
    expect(everything.featured.length).toBeGreaterThan(0);
    expect(everything.featured.length).toBeLessThanOrEqual(5);
    for (const link of await featured.getByRole('link').all()) expect(await link.getAttribute('href')).toBe('/pricing');

    // Its card: badge, teaser only, lock hint, 'Upgrade to unlock' instead of saving or opening.
    await page.getByRole('searchbox', { name: 'Search the library' }).fill(elite.title);
    await eventually(() => params(page).get('search')).toBe(elite.title);
    await expectShowing(page, await libraryPage(token, { search: elite.title }));
    const card = results(page).getByRole('article', { name: elite.title, exact: true });
    const text = (await card.textContent())!;
    expect(text).toContain('Elite');
    expect(text).toContain('Elite plan required');
    const hidden = full.slice(100, 160).replace(/\s+/g, ' ').trim();
    expect(text.replace(/\s+/g, ' ')).not.toContain(hidden);
    expect(await card.getByRole('button', { name: 'Save to My Prompts' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Open' }).count()).toBe(0);
    const upgrade = card.getByRole('link', { name: 'Upgrade to unlock' });
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await upgrade.click();
    await atPath(page, '/pricing');
  });
});
