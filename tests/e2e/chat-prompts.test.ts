import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts, see } from '../support/e2e';

/**
 * A chat prompt as a person makes one: a system and a user message, a model and a tool in the
 * model settings; saved, seen on its card, edited, the change seen in History (messages and
 * settings) and the first version restored.
 */
const browser = useBrowser();
type User = Awaited<ReturnType<typeof signUp>>;

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const stored = async (user: User, title: string) =>
  ((await call('GET', '/prompts/', { token: user.token })).body.prompts as any[]).find((p) => p.title === title);

const TOOLS = JSON.stringify([
  { name: 'find_flights', description: 'Flights to a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
]);

describe('chat prompts', () => {
  it('creates a chat prompt with messages, a model and a tool, edits it, diffs it in History and restores it', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);

    await page.getByRole('button', { name: 'Create New Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.getByLabel('Title').fill('Trip planner');
    await editor.getByRole('radio', { name: 'Chat' }).check();
    await editor.getByLabel('Message 1: System').fill('You plan trips for [PROFILE: company].');
    await editor.getByLabel('Message 2: User').fill('Plan a trip to [INPUT: city].');
    // The variable detector sees the markers of every message.
    await see(page, 'Variables detected (2)');

    await editor.getByText('Model settings').click();
    await editor.getByLabel('Model', { exact: true }).fill('gpt-4.1-mini');
    await editor.getByLabel('Temperature').fill('0.3');
    await editor.getByLabel('Tools').fill(TOOLS);
    await expect.poll(() => editor.locator('.model-settings__brief').textContent()).toBe('gpt-4.1-mini · temperature 0.3 · 1 tool');
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });

    // The card shows the messages readably and marks the prompt as chat.
    const saved = card(page, 'Trip planner');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Chat');
    expect(await saved.locator('.prompt-card__body').textContent()).toBe(
      'System:\nYou plan trips for [PROFILE: company].\n\nUser:\nPlan a trip to [INPUT: city].',
    );
    expect(await stored(user, 'Trip planner')).toMatchObject({
      kind: 'chat',
      version: 1,
      messages: [
        { role: 'system', content: 'You plan trips for [PROFILE: company].' },
        { role: 'user', content: 'Plan a trip to [INPUT: city].' },
      ],
      config: { model: 'gpt-4.1-mini', temperature: 0.3, tools: [{ name: 'find_flights' }] },
    });

    // Edit: the user message and the temperature change.
    await saved.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    await edit.getByLabel('Message 2: User').fill('Plan a weekend in [INPUT: city].');
    await edit.getByText('Model settings').click();
    await edit.getByLabel('Temperature').fill('0.7');
    await edit.getByRole('button', { name: 'Save Prompt' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored(user, 'Trip planner')).version).toBe(2);

    await saved.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Trip planner”' });
    await history.waitFor();
    const messages = history.getByRole('list', { name: 'Message changes from v1 to v2' });
    await messages.waitFor();
    expect(await messages.textContent()).toContain('Removed: Plan a trip to [INPUT: city].');
    expect(await messages.textContent()).toContain('Added: Plan a weekend in [INPUT: city].');
    const settings = history.getByRole('list', { name: 'Model settings changes from v1 to v2' });
    expect(await settings.textContent()).toContain('Removed: temperature: 0.3');
    expect(await settings.textContent()).toContain('Added: temperature: 0.7');

    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await see(page, 'Restored version 1 as version 3.');
    await history.getByRole('button', { name: 'Close', exact: true }).click();
    await history.waitFor({ state: 'detached' });
    // The editor holds the restored messages and settings; the server has them as version 3.
    expect(await edit.getByLabel('Message 2: User').inputValue()).toBe('Plan a trip to [INPUT: city].');
    expect(await edit.getByLabel('Temperature').inputValue()).toBe('0.3');
    expect(await stored(user, 'Trip planner')).toMatchObject({
      version: 3,
      messages: [{ role: 'system' }, { role: 'user', content: 'Plan a trip to [INPUT: city].' }],
      config: { temperature: 0.3, tools: [{ name: 'find_flights' }] },
    });
  });
});
