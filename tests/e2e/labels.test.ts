import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts } from '../support/e2e';

/** Slugs and labels as a person sets them: the slug in the editor, labels in the History dialog. */
const browser = useBrowser();
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('slug and labels in the editor', () => {
  it('edits the slug and pins, moves and removes a label from History', async () => {
    const { page } = browser;
    const user = await signUp();
    const created = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Greeting', body: 'Hello v1' } })).body;
    await call('PUT', `/prompts/${created.id}`, { token: user.token, json: { title: 'Greeting', body: 'Hello v2' } });
    const registry = (path: string) => call('GET', `/registry/prompts/${path}`, { token: user.token });
    await openMyPrompts(page, user.token);

    await card(page, 'Greeting').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    const slug = editor.getByLabel('Slug');
    expect(await slug.inputValue()).toBe('greeting');
    await slug.fill('Not valid');
    expect(await editor.getByRole('button', { name: 'Save Prompt' }).isDisabled()).toBe(true);
    await slug.fill('hello-world');

    await editor.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Greeting”' });
    await history.getByLabel('On version').selectOption('1');
    await history.getByRole('button', { name: 'Set label' }).click();
    await history.getByRole('list', { name: 'Labels of version 1' }).getByText('production').waitFor();
    await history.getByLabel('On version').selectOption('2');
    await history.getByRole('button', { name: 'Set label' }).click();
    await history.getByRole('list', { name: 'Labels of version 2' }).getByText('production').waitFor();
    expect(await history.getByRole('list', { name: 'Labels of version 1' }).count()).toBe(0);
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(async () => (await registry('hello-world?label=production')).body.body).toBe('Hello v2');
    expect((await registry('greeting')).status).toBe(404);
  });
});
