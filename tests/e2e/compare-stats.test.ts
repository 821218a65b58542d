import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { runBlindCompare } from '../support/compare';
import { atPath, expectAccessibleInBothThemes, openMyPrompts } from '../support/e2e';

/**
 * The scoreboard in the browser (issue 30): thumbs on a Run answer counted for the version that
 * ran; a blind compare of two versions, the vote and the reveal; a chat draft column; the Stats panel.
 */
const browser = useBrowser();
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function greeter(token: string) {
  const json = (body: string) => ({ title: 'Greeter', body });
  const { id } = (await call('POST', '/prompts/', { token, json: json('Greet [INPUT: name] warmly.') })).body;
  await call('PUT', `/prompts/${id}`, { token, json: json('Greet [INPUT: name] briefly.') });
  return id as string;
}

/** A new user's prompt 'Greeter' (versions 1 and 2) open in the workbench, 'Ada' typed. */
async function greeterInWorkbench(page: Page) {
  const user = await signUp();
  const id = await greeter(user.token);
  await openMyPrompts(page, user.token);
  await card(page, 'Greeter').getByRole('button', { name: 'Open' }).click();
  const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await workbench.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').fill('Ada');
  return { user, id, workbench };
}

describe('compare and stats in the browser', () => {
  it('counts a thumbs down with its note for the version that ran', async () => {
    const { page } = browser;
    const { user, id, workbench } = await greeterInWorkbench(page);
    await workbench.getByRole('button', { name: 'Run', exact: true }).click();
    const rate = workbench.getByRole('group', { name: 'Rate this answer' });
    await rate.getByRole('button', { name: 'Thumbs down' }).click();
    expect(await rate.getByRole('button', { name: 'Thumbs down' }).getAttribute('aria-pressed')).toBe('true');
    await rate.getByRole('textbox', { name: 'Note (optional)' }).fill('Too short');
    await rate.getByRole('button', { name: 'Send feedback' }).click();
    await workbench.getByText('Thanks: your thumbs down counts for version 2.').waitFor();
    await expect.poll(() => rate.count()).toBe(0);
    await expect
      .poll(async () => (await call('GET', `/prompts/${id}/stats`, { token: user.token })).body.versions, { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ version: 2, thumbs: { up: 0, down: 1 } }));
  });

  it('compares two versions blind: the browser gets column ids only, the vote reveals them and History shows the rating', async () => {
    const { page } = browser;
    const { user, id, workbench } = await greeterInWorkbench(page);
    await workbench.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare answers' });
    await expect.poll(() => compare.getByLabel('Column 2', { exact: true }).inputValue()).toBe('v1');
    expect(await compare.getByLabel('Column 1', { exact: true }).inputValue()).toBe('v2');
    expect(await compare.getByRole('switch', { name: 'Blind' }).getAttribute('aria-checked')).toBe('true');
    // Blind: the session names no column.
    await runBlindCompare(page, compare, id, (answer) => answer.getByText('Greet Ada', { exact: false }).first().waitFor({ timeout: 30_000 }));
    await compare.getByRole('list', { name: 'Changes from answer A to answer B' }).waitFor();
    await expectAccessibleInBothThemes(page, { include: '.wb-compare-dialog', label: 'Compare' });
    const vote = compare.getByRole('group', { name: 'Which answer is better?' });

    await vote.getByRole('button', { name: 'A is better' }).click();
    const revealed = compare.getByText(/^Vote counted\. A was v(\d), B was v(\d)\.$/);
    await revealed.waitFor();
    const [, winner, loser] = /A was v(\d), B was v(\d)/.exec((await revealed.textContent()) ?? '')!;
    expect(new Set([winner, loser])).toEqual(new Set(['1', '2']));
    await compare.getByRole('heading', { name: `Answer A v${winner}` }).waitFor();
    const ratings = (await call('GET', `/prompts/${id}/votes`, { token: user.token })).body;
    expect(ratings.votes).toBe(1);
    expect(ratings.versions.find((r: { version: number }) => r.version === Number(winner))).toMatchObject({ wins: 1, win_rate: 1 });

    // History shows each version's win rate and rating.
    await page.keyboard.press('Escape');
    await compare.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'detached' });
    await card(page, 'Greeter').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Greeter”' });
    await history.getByText(/^Win rate 100% · rating [\d,]+ \(95% interval [\d,]+–[\d,]+\) · 1 vote$/).waitFor();
    await history.getByText(/^Win rate 0% · rating /).waitFor();
  }, 120_000);

  it('says which input is missing when a compare is started without it, as Run would', async () => {
    const { page } = browser;
    const { workbench } = await greeterInWorkbench(page);
    await workbench.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').fill('');
    await workbench.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare answers' });
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    await compare.getByText("Missing value for INPUT variable 'name' (no default).").waitFor();
  });

  it("runs a chat prompt's draft column as its messages, edited role by role", async () => {
    const { page } = browser;
    const user = await signUp();
    const messages = [
      { role: 'system', content: 'You are a travel guide.' },
      { role: 'user', content: 'Plan a day in Oslo.' },
    ];
    expect((await call('POST', '/prompts/', { token: user.token, json: { title: 'Trip', kind: 'chat', messages } })).status).toBe(201);
    await openMyPrompts(page, user.token);
    await card(page, 'Trip').getByRole('button', { name: 'Open' }).click();
    await page.getByRole('dialog', { name: 'Prompt Workbench' }).getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare answers' });
    await compare.getByLabel('Column 2', { exact: true }).selectOption('draft');
    await compare.getByRole('textbox', { name: 'Message 2: User' }).fill('Plan a night in Bergen.');
    await compare.getByRole('switch', { name: 'Blind' }).click();
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    // The local engine tells a conversation from one text: the draft arrived as two messages.
    const draft = compare.getByRole('region', { name: 'Answer B Draft' });
    await draft.getByText('Task: Plan a night in Bergen.').waitFor({ timeout: 30_000 });
    await draft.getByText('Conversation: 2 messages (1 system, 1 user, 0 assistant).', { exact: false }).waitFor();
  });

  it('shows the Stats page: totals, charts with their tables, by version; axe clean in light and dark, whole at phone width', async () => {
    const { page } = browser;
    const user = await signUp();
    const id = await greeter(user.token);
    const ran = await call('POST', '/engine/run', { token: user.token, json: { text: 'Greet Ada briefly.', prompt_id: id, version: 2 } });
    expect(ran.status).toBe(200);
    expect((await call('POST', `/prompts/${id}/feedback`, { token: user.token, json: { version: 2, rating: 'up' } })).status).toBe(201);
    await expect
      .poll(async () => (await call('GET', `/prompts/${id}/stats`, { token: user.token })).body.totals, { timeout: 15_000 })
      .toMatchObject({ runs: 1, thumbs: { up: 1, down: 0 } });

    await openMyPrompts(page, user.token);
    await card(page, 'Greeter').getByRole('link', { name: 'Stats of Greeter' }).click();
    await atPath(page, `/prompts/${id}/stats`);
    await page.getByRole('heading', { name: 'Stats of “Greeter”', level: 1 }).waitFor();
    const totals = page.getByRole('definition').filter({ hasText: /^1 up, 0 down$/ });
    await totals.waitFor();
    const use = page.getByRole('region', { name: 'Use' });
    await use.getByRole('img', { name: 'Use: Compiles, Runs, Errors over time' }).locator('svg.recharts-surface[height="220"]').waitFor();
    await use.getByText('Show as a table').click();
    expect(await use.getByRole('table', { name: 'Use' }).getByRole('row').count()).toBeGreaterThan(1);
    const byVersion = page.getByRole('table', { name: 'By version' });
    await expect.poll(() => byVersion.getByRole('row', { name: /^v2 / }).getByRole('cell').nth(5).textContent()).toBe('1');
    await page.getByRole('region', { name: 'Stale clients' }).getByText('No version is labelled production.').waitFor();

    await expectAccessibleInBothThemes(page, { label: 'Stats' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
