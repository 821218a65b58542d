import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts } from '../support/e2e';

/**
 * The scoreboard in the browser (issue 30): thumbs on a Run answer counted for the version that
 * ran; a blind compare of two versions, the vote and the reveal; the Stats panel.
 */
const browser = useBrowser();
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function greeter(token: string) {
  const json = (body: string) => ({ title: 'Greeter', body });
  const { id } = (await call('POST', '/prompts/', { token, json: json('Greet [INPUT: name] warmly.') })).body;
  await call('PUT', `/prompts/${id}`, { token, json: json('Greet [INPUT: name] briefly.') });
  return id as string;
}

describe('compare and stats in the browser', () => {
  it('counts a thumbs down with its note for the version that ran', async () => {
    const { page } = browser;
    const user = await signUp();
    const id = await greeter(user.token);
    await openMyPrompts(page, user.token);
    await card(page, 'Greeter').getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await workbench.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').fill('Ada');
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
});
