import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { answerAppDialog, useBrowser } from '../support/browser';
import { setTier } from '../support/db';
import { atPath, see, signInWithToken } from '../support/e2e';
import { invitationToken } from '../support/mail';

/**
 * The teams pages (docs/product.md, Screens): a Pro owner creates a team and invites someone by
 * email; the invitee, signed out, follows the mailed link, signs in, comes back to it and accepts;
 * the owner makes them a viewer and deletes the team behind its typed confirmation.
 */
const browser = useBrowser();

/**
 * Serious and critical axe violations (WCAG A and AA) of the part `include` selects: these pages'
 * own content (the header is the layout's, checked by a11y-pages.test.ts), or a dialog.
 */
async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include(include).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

/** Puts a user's session in this browser (the workspace choice of the previous user dropped). */
async function switchUser(page: Page, token: string) {
  await page.evaluate((t) => {
    localStorage.removeItem('construct.workspace');
    localStorage.setItem('construct.access_token', t);
  }, token);
}

describe('Teams pages', () => {
  it('creates a team, invites by email, accepts the mailed link, changes a role and deletes the team by its name', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await signUp({ first_name: 'Ada', last_name: 'Owner' });
    await setTier(owner.id, 'pro');
    const member = await signUp({ first_name: 'Grace', last_name: 'Hopper' });

    // The owner opens Teams from the header (on a phone's width) and sees what teams are for.
    await signInWithToken(page, owner.token);
    await page.goto('/prompts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams', exact: true }).click();
    await atPath(page, '/teams');
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await see(page, 'You are not in a team yet.');
    expect(await axeProblems(page, 'main')).toEqual([]);

    // A blank name is refused before anything is sent: the contract's message, the focus in the field.
    await page.getByRole('button', { name: 'Create team' }).click();
    await see(page, 'Name is required.');
    await expect.poll(() => page.getByLabel('Team name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Team name').fill('Writers Room');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Writers Room', level: 2 }).waitFor();
    const teamId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(member.email).waitFor();
    await page.getByRole('list', { name: 'Members' }).getByText(owner.email).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);

    // The invitee, signed out, follows the mailed link: sign-in first, then back to the invitation.
    const token = await invitationToken(member.email);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/invites/${token}`);
    await atPath(page, '/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, `/invites/${token}`);
    await page.getByRole('heading', { name: 'Writers Room invites you as editor' }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await atPath(page, '/prompts');
    await see(page, 'You joined Writers Room');
    expect(await page.evaluate(() => localStorage.getItem('construct.workspace'))).toBe(teamId);
    await page.goto('/teams');
    await page.getByRole('list', { name: 'Your teams' }).getByText('Your role: Editor').waitFor();
    // On Free, the member could not create a team of their own: the page says why.
    await see(page, 'Teams come with the Pro and Elite plans.');
    expect(await page.getByLabel('Team name').count()).toBe(0);
    // A non-owner sees the members read-only.
    await page.goto(`/teams/${teamId}`);
    await page.getByRole('list', { name: 'Members' }).getByText(owner.email).waitFor();
    expect(await page.getByRole('main').getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button', { name: 'Delete team' }).count()).toBe(0);
    // The link works once.
    await page.goto(`/invites/${token}`);
    await page.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await see(page, 'This invitation was already accepted.');

    // The owner makes them a viewer.
    await switchUser(page, owner.token);
    await page.goto(`/teams/${teamId}`);
    await page.getByLabel(/^Role of Grace/).selectOption('viewer');
    await see(page, /is now viewer/);
    const members = await call('GET', `/teams/${teamId}/members`, { token: owner.token });
    expect(members.body.members.find((m: { user_id: string }) => m.user_id === member.id)?.role).toBe('viewer');

    // 'Open workspace' makes the team's workspace the current one and opens My Prompts.
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Open workspace of Writers Room' }).click();
    await atPath(page, '/prompts');
    expect(await page.evaluate(() => localStorage.getItem('construct.workspace'))).toBe(teamId);
    await page.goto(`/teams/${teamId}`);

    // The team's creator cannot leave it: the server's reason shows.
    await page.getByRole('button', { name: 'Leave team' }).click();
    await answerAppDialog(page, 'accept');
    await see(page, 'You created this team and your plan sets its limits, so you cannot leave it.');

    // Delete stays disabled until the team's name is typed.
    await page.getByRole('button', { name: 'Delete team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Writers Room?' });
    const confirm = dialog.getByRole('button', { name: 'Delete team' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Type Writers Room to confirm').fill('Writers');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Writers Room to confirm').fill('Writers Room');
    await confirm.click();
    await atPath(page, '/teams');
    await see(page, 'You are not in a team yet.');
    // Its workspace was open: the owner is back in their own.
    expect(await page.evaluate(() => localStorage.getItem('construct.workspace'))).toBeNull();
    expect((await call('GET', '/teams', { token: member.token })).body.teams).toEqual([]);
  });
});
