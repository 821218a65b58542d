import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiAs, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

describe('API keys page', () => {
  it('creates a key shown once, lists it, shows tool config, and revokes it', async () => {
    const { page } = browser;
    const token = await tokenFor(await registerViaApi());
    await signInWithToken(page, token);
    await page.goto('/prompts');
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await see(page, 'You have no API keys yet.');

    await page.getByLabel('Key name').fill('Laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByLabel('New API key');
    await secret.waitFor();
    const key = await secret.textContent();
    expect(key).toMatch(/^cst_/);
    // The key works for the registry, and the list shows it without the secret.
    expect((await apiAs(key!, 'GET', '/registry/prompts')).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByLabel('New API key').count()).toBe(0);
    const list = page.getByRole('list', { name: 'API keys' });
    await list.getByText('Laptop').waitFor();
    expect(await list.textContent()).not.toContain(key!);

    await page.getByRole('button', { name: 'Use in your tools' }).click();
    await see(page, 'Claude Desktop');
    await see(page, `${new URL(page.url()).origin}/api/v1/mcp`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Revoke Laptop' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await see(page, 'You have no API keys yet.');
    expect((await apiAs(key!, 'GET', '/registry/prompts')).status).toBe(401);
  });
});
