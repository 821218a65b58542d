import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { setTier } from '../support/db';
import { apiAs, openMyPrompts, registerViaApi, see, tokenFor } from '../support/e2e';

const browser = useBrowser();

/**
 * Working in a team's workspace from the header (docs/product.md, "Teams"): the switcher lists
 * Personal and the caller's teams, every page of a team workspace names the team, the lists are
 * the team's, the choice survives a reload, and 'Move/copy to…' takes a prompt across.
 */
describe('the workspace switcher', () => {
  it('switches between Personal and a team, names the team on every page, and moves a prompt into it', async () => {
    const { page } = browser;
    const owner = await registerViaApi();
    const token = await tokenFor(owner);
    const me = await apiAs(token, 'GET', '/auth/me');
    await setTier(me.body.id, 'pro');
    const team = (await apiAs(token, 'POST', '/teams', { name: 'Growth' })).body;
    expect(team).toMatchObject({ name: 'Growth', role: 'owner' });
    await apiAs(token, 'POST', '/prompts/', { title: 'Personal note', body: 'Mine alone' });
    await apiAs(token, 'POST', `/prompts/?workspace=${team.id}`, { title: 'Team plan', body: 'For [INPUT: audience]' });

    await openMyPrompts(page, token);
    const switcher = page.getByRole('combobox', { name: 'Workspace' });
    await expect.poll(() => switcher.inputValue()).toBe('');
    await see(page, 'Personal note');
    expect(await page.getByText('Team plan').count()).toBe(0);

    await switcher.selectOption({ label: 'Growth' });
    await see(page, 'Team plan');
    await see(page, 'Team workspace:');
    expect(await page.locator('.team-banner').innerText()).toContain('Growth');
    expect(await page.getByText('Personal note').count()).toBe(0);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('header').include('.team-banner').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // On a phone the header keeps every control usable (WCAG 2.2 target size) with the switcher in it.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).include('header').analyze();
    expect(phone.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Another page of the team workspace names it too, and a reload keeps the choice.
    await page.getByRole('link', { name: 'Context Library' }).click();
    await see(page, 'Team workspace:');
    await page.goto('/prompts');
    await see(page, 'Team plan');
    await expect.poll(() => switcher.inputValue()).toBe(team.id);

    // Back to Personal, then 'Move/copy to…' the personal prompt into the team.
    await switcher.selectOption({ label: 'Personal' });
    await see(page, 'Personal note');
    expect(await page.locator('.team-banner').count()).toBe(0);
    await page.getByRole('article', { name: 'Personal note', exact: true }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'Move/copy to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move/copy to…' });
    await expect.poll(() => dialog.getByLabel('Workspace', { exact: true }).inputValue()).toBe(team.id);
    await dialog.getByLabel('Move: remove it from this workspace').check();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await see(page, 'Moved "Personal note" to Growth.');
    await expect.poll(() => page.getByRole('article', { name: 'Personal note', exact: true }).count()).toBe(0);
    // In the team's workspace, history names who made each version.
    await switcher.selectOption({ label: 'Growth' });
    await page.getByRole('article', { name: 'Team plan', exact: true }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    await see(page, `by ${owner.name}`);
    await page.keyboard.press('Escape');
    const teamList = await apiAs(token, 'GET', `/prompts/?workspace=${team.id}`);
    expect(teamList.body.prompts.map((p: { title: string }) => p.title).sort()).toEqual(['Personal note', 'Team plan']);
  });
});
