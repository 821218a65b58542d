import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { library } from '../support/db';
import { expectAccessibleInBothThemes, signInWithToken } from '../support/e2e';

/**
 * Library ratings in the browser (issue 30): a person who ran a library prompt rates it with the
 * keyboard (a radio group of five stars), the card then shows the stars and the count, and the
 * library's Top rated and Most popular put it first; someone who did not run it is told why they
 * cannot rate. Its entries live in a category of their own, and every list it reads is filtered
 * to that category, so other files' library writes do not change what it sees.
 */
const browser = useBrowser();
const run = randomUUID().slice(0, 8);
const CATEGORY = `Rated ${run}`;
const entry = (id: string, title: string): LibraryEntry => ({
  id: `${id}-${run}`,
  title: `${title} ${run}`,
  body: `Write about [INPUT: topic] for ${title} ${run}.`,
  category: CATEGORY,
  tasks: [],
  industries: [],
  access_tier: 'free',
});
const ALPHA = entry('r-alpha', 'Alpha');
const BETA = entry('r-beta', 'Beta');

beforeAll(async () => {
  await library.upsertEntries([ALPHA, BETA], 'curator@construct.test');
});

const results = (page: Page) => page.getByRole('region', { name: 'Library prompts' });
const cardTitles = (page: Page) => results(page).getByRole('article').locator('h3').allTextContents();
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

describe('library ratings in the browser', () => {
  it('lets a person who ran a prompt rate it by keyboard; the card shows it and Top rated lists it first', async () => {
    const { page } = browser;
    const rater = await signUp();
    // A run naming the library prompt (as the workbench sends it); it is noted after its answer.
    const ran = await call('POST', '/engine/run', { token: rater.token, json: { text: `Write about tea for Beta ${run}.`, prompt_id: BETA.id } });
    expect(ran.status).toBe(200);
    await expect
      .poll(async () => (await call('GET', `/library/prompts/${BETA.id}/rating`, { token: rater.token })).body.can_rate, { timeout: 15_000 })
      .toBe(true);

    await signInWithToken(page, rater.token);
    await page.goto(`/library/${BETA.id}`);
    const stars = page.getByRole('group', { name: 'Your rating' });
    await stars.getByText('Rate it from 1 to 5 stars.').waitFor();
    await expectAccessibleInBothThemes(page, { label: 'Library prompt, before rating' });

    // Tab into the group, Space picks the first star, arrows move the choice (each one saved).
    await stars.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => stars.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await stars.getByText('You rated it 4 of 5. You can change it.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('4');
    // The last choice is the one kept, however the saves of 1, 2, 3 and 4 were answered.
    await eventually(async () => (await call('GET', `/library/prompts/${BETA.id}/rating`, { token: rater.token })).body).toMatchObject({
      stars: 4,
      average: 4,
      count: 1,
    });
    await expectAccessibleInBothThemes(page, { label: 'Library prompt, rated' });

    // The library's next build carries the rating: the card shows it, and both new orders put Beta first.
    await (await import('../../functions/lib/services/library-snapshot/build')).requestRebuild();
    await page.goto(`/library?category=${encodeURIComponent(CATEGORY)}`);
    await eventually(() => cardTitles(page)).toEqual([`Alpha ${run}`, `Beta ${run}`]);
    const card = results(page).getByRole('article', { name: `Beta ${run}` });
    expect((await card.locator('.lib-rating').textContent())?.replace(/\s+/g, ' ')).toBe('4.0 out of 5 (1 rating)');
    expect(
      await results(page)
        .getByRole('article', { name: `Alpha ${run}` })
        .locator('.lib-rating')
        .count(),
    ).toBe(0);
    await page.getByLabel('Sort by').selectOption({ label: 'Top rated' });
    await eventually(() => cardTitles(page)).toEqual([`Beta ${run}`, `Alpha ${run}`]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('rating');
    await page.getByLabel('Sort by').selectOption({ label: 'Most popular' });
    await eventually(() => cardTitles(page)).toEqual([`Beta ${run}`, `Alpha ${run}`]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('popular');
    await expectAccessibleInBothThemes(page, { label: 'Library, most popular' });
  });

  it('lets a person rate a prompt they just ran from its page’s workbench, without reloading', async () => {
    // Alpha: its one run here comes after the first test's orders were checked.
    const { page } = browser;
    const runner = await signUp();
    await signInWithToken(page, runner.token);
    await page.goto(`/library/${ALPHA.id}`);
    const stars = page.getByRole('group', { name: 'Your rating' });
    await stars.getByText('Run this prompt (or your copy of it) to rate it: ratings come from people who used it.').waitFor();

    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await dialog.getByRole('group', { name: 'topic', exact: true }).getByRole('textbox').fill('tea');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await eventually(() => page.getByRole('region', { name: 'Answer', exact: true }).textContent()).toContain('Write about tea');
    // The run has ended once Run is offered again (closing the workbench earlier stops the run).
    await dialog.getByRole('button', { name: 'Run', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The page behind the workbench read the rating again when the run ended: the stars are open.
    await stars.getByText('Rate it from 1 to 5 stars.').waitFor();
    await stars.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('Space');
    await stars.getByText('You rated it 5 of 5. You can change it.').waitFor();
    expect((await call('GET', `/library/prompts/${ALPHA.id}/rating`, { token: runner.token })).body).toMatchObject({ stars: 5, can_rate: true });
  });

  it('tells someone who has not run the prompt why they cannot rate it', async () => {
    const { page } = browser;
    const reader = await signUp();
    await signInWithToken(page, reader.token);
    await page.goto(`/library/${BETA.id}`);
    const stars = page.getByRole('group', { name: 'Your rating' });
    await stars.getByText('Run this prompt (or your copy of it) to rate it: ratings come from people who used it.').waitFor();
    expect(await stars.getAttribute('aria-describedby')).toBeTruthy();
    const radios = stars.getByRole('radio');
    expect(await radios.count()).toBe(5);
    for (const radio of await radios.all()) expect(await radio.isDisabled()).toBe(true);
    expect((await call('GET', `/library/prompts/${BETA.id}/rating`, { token: reader.token })).body).toMatchObject({ stars: null, can_rate: false });
  });
});
