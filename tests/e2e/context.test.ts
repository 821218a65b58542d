import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests, onAppDialog, useBrowser } from '../support/browser';
import { apiAs, atPath, logIn, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

async function openContextLibrary(page: Page) {
  const user = await registerViaApi();
  await signInWithToken(page, await tokenFor(user));
  await page.goto('/context-library');
  await page.getByRole('heading', { name: 'Context Library', level: 1 }).waitFor();
  return user;
}

describe('Context Library: global directives', () => {
  it('saves the prefix and suffix ("Saving..." while busy) and shows them again after a reload', async () => {
    const { page } = browser;
    // Hold the first load until the loading text has been seen.
    const loading = await holdRequests(page, '**/api/v1/context/directives', { methods: ['GET'] });
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.getByRole('link', { name: 'Context Library' }).click();
    await see(page, 'Loading Context Library...');
    loading.release();
    await page.getByRole('heading', { name: 'Global Directives' }).waitFor();
    await see(page, /added before and after the main prompt when global directives are enabled in the workbench/);

    const prefix = page.getByLabel('Global Prompt Prefix');
    const suffix = page.getByLabel('Global Prompt Suffix');
    expect(await prefix.inputValue()).toBe('');
    await prefix.fill('You are a senior technical writer.');
    // A control character is refused before anything is sent, in the contract's words, the focus in its field.
    await suffix.fill('Answer\u0007');
    await page.getByRole('button', { name: 'Save Directives' }).click();
    await see(page, 'Global Prompt Suffix must not contain control characters or broken characters.');
    await expect.poll(() => suffix.evaluate((el) => el === document.activeElement)).toBe(true);
    await suffix.fill('Answer in British English.');

    const saving = await holdRequests(page, '**/api/v1/context/directives', { methods: ['PUT'] });
    await page.getByRole('button', { name: 'Save Directives' }).click();
    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    saving.release();
    await page.getByRole('button', { name: 'Save Directives' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Global Directives' }).waitFor();
    expect(await page.getByLabel('Global Prompt Prefix').inputValue()).toBe('You are a senior technical writer.');
    expect(await page.getByLabel('Global Prompt Suffix').inputValue()).toBe('Answer in British English.');

    const stored = await apiAs(await tokenFor(user), 'GET', '/context/directives');
    expect(stored.body).toEqual({ global_prompt_prefix: 'You are a senior technical writer.', global_prompt_suffix: 'Answer in British English.' });
  });
});

describe('Context Library: snippets', () => {
  it('creates, previews, edits and deletes snippets, with the product texts', async () => {
    const { page } = browser;
    await openContextLibrary(page);
    await see(page, "You haven't created any snippets yet.");
    await see(page, '[SNIPPET: Snippet Name]');

    // Create: both fields are required.
    await page.getByRole('button', { name: 'New Snippet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Snippet' });
    await dialog.waitFor();
    const name = dialog.getByLabel('Snippet Name');
    const content = dialog.getByLabel('Snippet Content');
    expect(await name.getAttribute('placeholder')).toBe('Company Bio');
    expect(await content.getAttribute('rows')).toBe('10');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Create Snippet' }).click();
    await see(page, 'Snippet name is required.');
    await see(page, 'Snippet content is required.');

    const long = `Acme Inc. builds accessible design tools for small product teams. ${'We ship weekly and listen closely. '.repeat(4)}`;
    expect(long.length).toBeGreaterThan(100);
    await name.fill('Company Bio');
    await content.fill(long);
    await dialog.getByRole('button', { name: 'Create Snippet' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Company Bio' }) });
    await item.waitFor();
    expect(await item.locator('p').textContent()).toBe(`${long.slice(0, 100)}...`);
    expect(await page.getByText("You haven't created any snippets yet.").count()).toBe(0);
    // Focus went back to the button that opened the dialog.
    await expect.poll(() => page.getByRole('button', { name: 'New Snippet' }).evaluate((el) => el === document.activeElement)).toBe(true);

    // A short snippet shows in full, without '...'.
    await page.getByRole('button', { name: 'New Snippet' }).click();
    await page.getByLabel('Snippet Name').fill('Tone');
    await page.getByLabel('Snippet Content').fill('Friendly, precise, no jargon.');
    await page.getByRole('button', { name: 'Create Snippet' }).click();
    const tone = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tone' }) });
    await tone.waitFor();
    expect(await tone.locator('p').textContent()).toBe('Friendly, precise, no jargon.');
    // Sorted by name.
    expect(await page.getByRole('list', { name: 'Snippets' }).getByRole('heading').allTextContents()).toEqual(['Company Bio', 'Tone']);

    // A taken name: the server's message inside the dialog, which stays open.
    await page.getByRole('button', { name: 'New Snippet' }).click();
    const again = page.getByRole('dialog', { name: 'Create Snippet' });
    await again.getByLabel('Snippet Name').fill('Company Bio');
    await again.getByLabel('Snippet Content').fill('Something else.');
    await again.getByRole('button', { name: 'Create Snippet' }).click();
    await again.getByRole('alert').filter({ hasText: 'A snippet with this name already exists.' }).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    // Edit.
    await page.getByRole('button', { name: 'Edit Company Bio' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Snippet' });
    await edit.waitFor();
    expect(await edit.getByLabel('Snippet Name').inputValue()).toBe('Company Bio');
    expect(await edit.getByLabel('Snippet Content').inputValue()).toBe(long);
    await edit.getByLabel('Snippet Content').fill('Acme Inc. makes design tools.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await item.locator('p', { hasText: 'Acme Inc. makes design tools.' }).waitFor();

    // Delete: the product's confirmation (docs/product.md); dismissing keeps the snippet.
    const messages: string[] = [];
    let accept = false;
    onAppDialog(page, async (d) => {
      await (accept ? d.accept() : d.dismiss());
      messages.push(`${d.type()}:${d.message()}`);
    });
    await page.getByRole('button', { name: 'Delete Tone' }).click();
    await expect.poll(() => messages, { timeout: 10_000 }).toEqual(['confirm:Are you sure you want to delete this snippet?']);
    expect(await tone.count()).toBe(1);

    accept = true;
    await page.getByRole('button', { name: 'Delete Tone' }).click();
    await tone.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Company Bio' }).click();
    await see(page, "You haven't created any snippets yet.");
    await page.reload();
    await see(page, "You haven't created any snippets yet.");
  });

  it('blocks New Snippet at the free plan limit of 5, with the limit message', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    for (let i = 1; i <= 4; i++) {
      const res = await apiAs(token, 'POST', '/context/snippets', { snippet_name: `Snippet ${i}`, snippet_content: `Content ${i}` });
      expect(res.status).toBe(201);
    }
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/context-library');
    await see(page, '4/5 used');
    const create = page.getByRole('button', { name: 'New Snippet' });
    expect(await create.isEnabled()).toBe(true);

    await create.click();
    await page.getByLabel('Snippet Name').fill('Snippet 5');
    await page.getByLabel('Snippet Content').fill('Content 5');
    await page.getByRole('button', { name: 'Create Snippet' }).click();
    await see(page, '5/5 used');
    await see(page, 'You have reached your limit of 5 snippets. Please upgrade your plan.');
    expect(await create.isDisabled()).toBe(true);

    // The server holds the limit too.
    const sixth = await apiAs(token, 'POST', '/context/snippets', { snippet_name: 'Snippet 6', snippet_content: 'Content 6' });
    expect(sixth.status).toBe(403);
    expect(sixth.body.detail).toBe('You have reached your limit of 5 snippets. Please upgrade your plan.');
  });
});

describe('Context Library: errors', () => {
  it("shows a failed call as 'METHOD path -> status: detail'", async () => {
    const { page } = browser;
    await page.route('**/api/v1/context/snippets', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Internal server error.' }) }),
    );
    await openContextLibrary(page);
    await page.getByRole('alert').filter({ hasText: 'GET /context/snippets -> 500: Internal server error.' }).waitFor({ timeout: 15_000 });

    // Retry after the fault is gone loads the page.
    await page.unroute('**/api/v1/context/snippets');
    await page.getByRole('button', { name: 'Retry' }).click();
    await see(page, "You haven't created any snippets yet.");
    expect(await page.getByText('GET /context/snippets -> 500').count()).toBe(0);
    // The 500s were staged: they are not page errors.
    browser.errors = browser.errors.filter((e) => !/status of 500/.test(e));
  });

  it('shows a failed delete in the banner and keeps the snippet', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await apiAs(await tokenFor(user), 'POST', '/context/snippets', { snippet_name: 'Keep Me', snippet_content: 'Still here.' });
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/context-library');
    await page.getByRole('heading', { name: 'Keep Me' }).waitFor();
    await page.route('**/api/v1/context/snippets/*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Storage is unavailable.' }) }),
    );
    onAppDialog(page, (d) => d.accept());
    await page.getByRole('button', { name: 'Delete Keep Me' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /DELETE \/context\/snippets\/[\w-]+ -> 503: Storage is unavailable\./ })
      .waitFor();
    await page.getByRole('heading', { name: 'Keep Me' }).waitFor();
    browser.errors = browser.errors.filter((e) => !/status of 503/.test(e));
  });

  it('says so when no token is stored', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    // The token disappears (another script, storage cleared) while the app is open; no reload.
    await page.evaluate(() => localStorage.removeItem('construct.access_token'));
    await page.getByRole('link', { name: 'Context Library' }).click();
    await page.getByRole('alert').filter({ hasText: 'Authentication token not found. Please log in.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Global Directives' }).count()).toBe(0);
  });
});
