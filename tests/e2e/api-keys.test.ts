import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiAs, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';
import { waitForMail } from '../support/mail';

const browser = useBrowser();

describe('API keys page', () => {
  it('creates a key shown once, lists it, shows tool config, and revokes it', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await signInWithToken(page, token);
    await page.goto('/prompts');
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await see(page, 'You have no API keys yet.');

    await page.getByLabel('Key name').fill('Laptop');
    // A key opens the prompts to whoever holds it: the password is asked first.
    await page.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Create key' }).click();
    await see(page, 'Your password is incorrect.');
    await page.getByLabel('Your password', { exact: true }).fill(user.password);
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
    // The owner is told by email.
    expect((await waitForMail(user.email, /API key was created/)).text).toContain('Laptop');

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
