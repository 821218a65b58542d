import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import { call, signUp } from '../support/api';
import { answerAppDialog, useBrowser } from '../support/browser';
import { library } from '../support/db';
import { signInWithToken } from '../support/e2e';

/**
 * The library's sort and 'Available on my plan' (both in the URL), a prompt's own page
 * (/library/<id>: card title link, deep link, locked teaser, not found, axe), 'Saved ✓' with the
 * question before a second copy, and tags that are never cut off. Fixtures live in a category of
 * their own, so the seeded library around them does not matter.
 */
const browser = useBrowser();
const run = randomUUID().slice(0, 8);
const CATEGORY = `Detail ${run}`;
const entries: LibraryEntry[] = [
  {
    id: `d-apple-${run}`,
    title: `Apple brief ${run}`,
    body: `Write a brief about [INPUT: topic] for [INPUT: audience=managers|engineers].\nKeep it short.`,
    category: CATEGORY,
    tasks: ['Writing', 'Summaries', 'Planning with a rather long task name'],
    industries: ['SaaS', 'Finance', 'Healthcare'],
    access_tier: 'free',
  },
  {
    id: `d-banana-${run}`,
    title: `Banana plan ${run}`,
    body: `Plan the launch ${run}.`,
    category: CATEGORY,
    tasks: ['Planning'],
    industries: [],
    access_tier: 'free',
  },
  {
    id: `d-cherry-${run}`,
    title: `Cherry secret ${run}`,
    body: `Elite method ${run}: ${'the whole secret text, far longer than any teaser. '.repeat(4)}`,
    category: CATEGORY,
    tasks: [],
    industries: [],
    access_tier: 'elite',
  },
];

beforeAll(async () => {
  for (const entry of entries) await library.upsertEntries([entry], 'curator@construct.test');
  // Banana is forked twice, Apple once: 'Most popular' puts Banana first. Counts reach the library with its next build.
  const forker = await signUp();
  for (const id of [`d-banana-${run}`, `d-banana-${run}`, `d-apple-${run}`])
    expect((await call('POST', `/prompts/fork/${id}`, { token: forker.token, json: {} })).status).toBe(201);
  await library.upsertEntries([entries[0]!], 'curator@construct.test');
});

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const results = (page: Page) => page.getByRole('region', { name: 'Library prompts' });
const cardTitles = (page: Page) => results(page).getByRole('article').locator('h3').allTextContents();
const params = (page: Page) => new URL(page.url()).searchParams;

async function openAs(page: Page, token: string, path: string) {
  await signInWithToken(page, token);
  await page.goto(path);
}

describe('Library: sort and available on my plan', () => {
  it('orders by popularity, newest and A–Z and hides locked prompts, all in the URL (a reload keeps them)', async () => {
    const { page } = browser;
    const user = await signUp();
    await openAs(page, user.token, `/library?category=${encodeURIComponent(CATEGORY)}`);
    await eventually(() => cardTitles(page)).toEqual([`Apple brief ${run}`, `Banana plan ${run}`, `Cherry secret ${run}`]);

    await page.getByLabel('Sort by').selectOption({ label: 'Most popular' });
    await eventually(() => cardTitles(page)).toEqual([`Banana plan ${run}`, `Apple brief ${run}`, `Cherry secret ${run}`]);
    expect(params(page).get('sort')).toBe('popular');

    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await eventually(() => cardTitles(page)).toEqual([`Cherry secret ${run}`, `Banana plan ${run}`, `Apple brief ${run}`]);

    await page.getByLabel('Available on my plan').check();
    await eventually(() => cardTitles(page)).toEqual([`Banana plan ${run}`, `Apple brief ${run}`]);
    expect(params(page).get('available')).toBe('1');
    expect(params(page).get('sort')).toBe('newest');

    await page.reload();
    await eventually(() => cardTitles(page)).toEqual([`Banana plan ${run}`, `Apple brief ${run}`]);
    expect(await page.getByLabel('Available on my plan').isChecked()).toBe(true);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');

    // Relevance: a title match comes before a body match.
    await page.goto(`/library?search=${encodeURIComponent(`plan ${run}`)}&category=${encodeURIComponent(CATEGORY)}`);
    await eventually(() => cardTitles(page)).toEqual([`Banana plan ${run}`]);
    await page.goto(`/library?search=${encodeURIComponent('launch')}&category=${encodeURIComponent(CATEGORY)}&sort=title`);
    await eventually(() => cardTitles(page)).toEqual([`Banana plan ${run}`]);
  });

  it('shows every tag: the first two of each kind, then +N naming the rest, which the prompt page lists', async () => {
    const { page } = browser;
    const user = await signUp();
    await openAs(page, user.token, `/library?category=${encodeURIComponent(CATEGORY)}`);
    const card = results(page).getByRole('article', { name: `Apple brief ${run}` });
    const more = card.getByRole('link', { name: '2 more: Planning with a rather long task name, Healthcare' });
    await more.waitFor();
    // A long tag wraps instead of being cut with an ellipsis.
    const clipped = await card.locator('.lib-card__tags .lib-tag').evaluateAll((tags) => tags.filter((t) => t.scrollWidth > t.clientWidth + 1).length);
    expect(clipped).toBe(0);
    await more.click();
    await page.getByRole('heading', { name: `Apple brief ${run}`, level: 1 }).waitFor();
    for (const tag of [...entries[0]!.tasks, ...entries[0]!.industries]) await page.getByRole('listitem').filter({ hasText: tag }).first().waitFor();
  });
});

describe('Library: a prompt of its own page', () => {
  it("opens from a card's title with the whole prompt, variables and saves; then 'Saved ✓', and a second copy is asked for", async () => {
    const { page } = browser;
    const user = await signUp();
    await openAs(page, user.token, `/library?category=${encodeURIComponent(CATEGORY)}`);
    await results(page)
      .getByRole('link', { name: `Apple brief ${run}` })
      .click();
    await eventually(() => new URL(page.url()).pathname).toBe(`/library/d-apple-${run}`);
    await page.getByRole('heading', { name: `Apple brief ${run}`, level: 1 }).waitFor();
    expect(await page.locator('.lib-detail__body').textContent()).toBe(entries[0]!.body);
    await page.getByText('[INPUT: topic]', { exact: true }).waitFor();
    await page.getByText(/^Saved \d+ times?$/).waitFor();

    // Without a category of one's own there is nothing to choose: the press saves at once (issue 32, item 15).
    await page.getByRole('button', { name: 'Save to My Prompts' }).click();
    await page.getByText(`Successfully copied "Apple brief ${run}" to your personal workspace!`).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Add to Category' }).count()).toBe(0);
    const saved = page.getByRole('button', { name: 'Saved ✓' });
    await saved.waitFor();

    // Again: the product asks first; declining makes no copy, accepting makes the second one (no category to choose).
    await saved.click();
    expect(await answerAppDialog(page, 'dismiss')).toEqual({ type: 'confirm', message: `"Apple brief ${run}" is already in My Prompts. Save another copy?` });
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toHaveLength(1);
    await saved.click();
    await answerAppDialog(page, 'accept');
    await eventually(async () => (await call('GET', '/prompts/', { token: user.token })).body.prompts.length).toBe(2);

    // The library's card says so too.
    await page.getByRole('link', { name: 'Back to the Prompt Library' }).click();
    await page.goto(`/library?category=${encodeURIComponent(CATEGORY)}`);
    await results(page)
      .getByRole('article', { name: `Apple brief ${run}` })
      .getByRole('button', { name: 'Saved ✓' })
      .waitFor();
    expect(
      await results(page)
        .getByRole('article', { name: `Banana plan ${run}` })
        .getByRole('button', { name: 'Save to My Prompts' })
        .count(),
    ).toBe(1);
  });

  it('loads directly: a locked prompt shows only its teaser and the way to upgrade; an unknown id is not found', async () => {
    const { page } = browser;
    const user = await signUp();
    await openAs(page, user.token, `/library/d-cherry-${run}`);
    await page.getByRole('heading', { name: `Cherry secret ${run}`, level: 1 }).waitFor();
    await page.getByText('Elite plan required to see and save the full prompt.').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to unlock' }).getAttribute('href')).toBe('/pricing');
    expect(await page.content()).not.toContain('Hidden ending');
    expect(await page.getByRole('button', { name: 'Save to My Prompts' }).count()).toBe(0);

    await page.goto(`/library/no-such-prompt-${run}`);
    await page.getByRole('heading', { name: 'Prompt Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Browse the Prompt Library' }).waitFor();
  });

  it('has no serious or critical axe violation (unlocked and locked)', async () => {
    const { page } = browser;
    const user = await signUp();
    for (const id of [`d-apple-${run}`, `d-cherry-${run}`]) {
      await openAs(page, user.token, `/library/${id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const { violations, passes } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(passes.length).toBeGreaterThan(0);
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      ).toEqual([]);
    }
  });
});
