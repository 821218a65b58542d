import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { answerAppDialog, useBrowser } from '../support/browser';
import { atPath, expectAccessibleInBothThemes, openMyPrompts } from '../support/e2e';

/**
 * The Evaluate loop in the browser (issue 29): keep an example from a Run answer, add a check (a
 * refused one first, its reason shown), evaluate two versions and watch the grid fill, protect
 * production, and see the gate refuse a move with a link to the evaluation it read.
 */
const browser = useBrowser();
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('evaluations in the browser', () => {
  it('keeps an example from a run, checks it, evaluates two versions, and the gate refuses a failing move', async () => {
    const { page } = browser;
    const user = await signUp();
    const json = (body: string) => ({ title: 'Greeter', body });
    const { id } = (await call('POST', '/prompts/', { token: user.token, json: json('Greet [INPUT: name] warmly.') })).body;
    await call('PUT', `/prompts/${id}`, { token: user.token, json: json('Greet [INPUT: name] briefly.') });
    await openMyPrompts(page, user.token);

    // Keep as example under the Run answer (version 2, the current one).
    await card(page, 'Greeter').getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').fill('Ada');
    await workbench.getByRole('button', { name: 'Run', exact: true }).click();
    const keep = workbench.getByRole('group', { name: 'Keep as example' });
    await keep.getByRole('button', { name: 'Good answer' }).click();
    await keep.getByText('Kept as a good example.').waitFor();
    const examples = (await call('GET', `/prompts/${id}/examples`, { token: user.token })).body.examples;
    expect(examples).toMatchObject([{ inputs: { name: 'Ada' }, rating: 'good', source: 'run' }]);
    expect(examples[0].expected).toContain('Task: Greet Ada briefly.');
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'detached' });

    // The Evaluate page lists it.
    await card(page, 'Greeter').getByRole('link', { name: 'Evaluate Greeter' }).click();
    await atPath(page, `/prompts/${id}/evaluate`);
    await page.getByRole('heading', { name: 'Evaluate “Greeter”', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Examples' }).getByText('name: Ada').waitFor();

    // A check the server refuses shows its reason; then one it takes.
    const checks = page.getByRole('region', { name: /^Checks/ });
    await checks.getByRole('button', { name: 'Add check' }).click();
    await checks.getByLabel('Check 1', { exact: true }).selectOption('regex');
    await checks.getByLabel('Value', { exact: true }).fill('(a+)+');
    await checks.getByRole('button', { name: 'Save checks' }).click();
    await checks
      .getByRole('alert')
      .getByText(/Check 1 \(regex\): the pattern could take exponential time/)
      .waitFor();
    await checks.getByLabel('Check 1', { exact: true }).selectOption('contains');
    await checks.getByLabel('Value', { exact: true }).fill('warmly');
    await checks.getByRole('button', { name: 'Save checks' }).click();
    await page.getByText('Checks saved.', { exact: true }).waitFor();
    expect((await call('GET', `/prompts/${id}/checks`, { token: user.token })).body.checks).toMatchObject([{ kind: 'contains', value: 'warmly' }]);

    // Two versions side by side: version 2 (current) and version 1.
    const start = page.getByRole('region', { name: 'Run an evaluation' });
    await start.getByRole('button', { name: 'Add column' }).click();
    expect(await start.getByLabel('Column 1', { exact: true }).inputValue()).toBe('v2');
    expect(await start.getByLabel('Column 2', { exact: true }).inputValue()).toBe('v1');
    await start.getByRole('button', { name: 'Start evaluation' }).click();
    // The grid opens once the server has queued the evaluation (its id then in the URL).
    const grid = page.getByRole('region', { name: /^Evaluation of/ });
    await grid.waitFor();
    const evaluationId = new URL(page.url()).searchParams.get('evaluation')!;
    expect(evaluationId).toBeTruthy();
    await grid.getByText('2 of 2 cells').waitFor({ timeout: 30_000 });
    await grid.getByText('Done', { exact: true }).waitFor();
    const results = grid.getByRole('region', { name: 'Results' });
    const row = results.getByRole('row', { name: /name: Ada/ });
    // 'Done' comes with the evaluation; its last cells with the next read of the results.
    await row.waitFor();
    await row.getByText('Waiting…').waitFor({ state: 'detached' });
    expect(await results.getByRole('columnheader').allTextContents()).toEqual(['Example', 'v2', 'v1']);
    expect(await row.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/^Failed/), expect.stringMatching(/^Passed/)]);
    expect(await row.getByRole('cell').first().textContent()).toContain('✗ Contains');
    // A diff of two cells: version 2's answer, then version 1's (the web's diff view).
    const compare = row.getByRole('button', { name: 'Compare' });
    await compare.first().click();
    expect(await compare.first().getAttribute('aria-pressed')).toBe('true');
    await compare.nth(1).click();
    const diff = grid.getByRole('region', { name: 'Diff of two answers' });
    const changes = diff.getByRole('list', { name: /^Changes from v2 · name: Ada.* to v1 · name: Ada/ });
    await changes.waitFor();
    expect(await changes.getByText(/^(Added|Removed): $/).count()).toBeGreaterThan(0);
    await diff.getByRole('button', { name: 'Clear diff' }).click();
    await diff.waitFor({ state: 'detached' });
    expect(await await grid.getByRole('progressbar').getAttribute('value')).toBe('2');
    await grid.getByLabel('Only failures').check();
    expect(await results.getByRole('row').count()).toBe(2); // the header and Ada's row (version 2 failed it)
    await page.getByRole('list', { name: 'Evaluations' }).getByText('v1: 100%').waitFor();
    await page.getByRole('list', { name: 'Evaluations' }).getByText('v2: 0%').waitFor();

    // Accessible in light and dark, and whole at phone width.
    await expectAccessibleInBothThemes(page, { label: 'Evaluate' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Protect production; the gate then refuses version 2 (failing) and lets version 1 (passing) through.
    const protection = page.getByRole('region', { name: 'Protected labels' });
    await protection.getByRole('switch', { name: /Protect production/ }).click();
    await page.getByText('production is protected.', { exact: true }).waitFor();
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts[0].label_protection).toEqual({
      production: { require_checks: true, min_pass_rate: 1 },
    });
    await page.getByRole('link', { name: 'My Prompts' }).first().click();
    await card(page, 'Greeter').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Greeter”' });
    await history.getByLabel('On version').selectOption('2');
    await history.getByRole('button', { name: 'Set label' }).click();
    const refusal = history.getByRole('alert').filter({ hasText: 'version 2' });
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: 'See the evaluation' }).getAttribute('href')).toBe(`/prompts/${id}/evaluate?evaluation=${evaluationId}`);
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts[0].labels).toEqual({});
    await history.getByLabel('On version').selectOption('1');
    await history.getByRole('button', { name: 'Set label' }).click();
    await history.getByRole('list', { name: 'Labels of version 1' }).getByText('production').waitFor();
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    // The editor warns before saving a version the kept example no longer fits.
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByLabel('Body', { exact: true }).fill('Greet [INPUT: person] briefly.');
    await editor.getByText('This version breaks 1 example: their inputs no longer fit its variables').waitFor();
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    expect(await answerAppDialog(page, 'dismiss')).toMatchObject({ type: 'confirm', message: expect.stringContaining('breaks 1 example') });
    expect((await call('GET', `/prompts/${id}/versions`, { token: user.token })).body.versions).toHaveLength(2);
  }, 180_000); // the whole loop in one flow: about 30 s alone, twice that and more on a loaded machine
});
