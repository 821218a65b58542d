import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminListAll } from '../support/api';
import { answerAppDialog, holdRequests, nextFrames, useBrowser } from '../support/browser';
import { library, setTier } from '../support/db';
import { account, apiAs, atPath, expectAccessibleInBothThemes, logIn, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();
/** Arg order of this file: method, path, token, body. */
const api = <T = any>(method: string, path: string, token?: string, json?: unknown) => apiAs(token, method, path, json) as Promise<{ status: number; body: T }>;

/** The test stack's admin. Other test files use it at the same time: never demote or delete it. */
const ADMIN = { email: 'admin@construct.test', password: 'admin-password-1' };
const run = randomUUID().slice(0, 8);

/** Signs in with a session token (signing in through the form is tests/e2e/auth.test.ts's) and opens the control center. */
async function openControlCenter(page: Page, user = ADMIN, path = '/admin') {
  await signInWithToken(page, user === ADMIN ? adminToken : await tokenFor(user));
  await page.goto(path);
  await page.getByRole('table').waitFor();
}

/** Accepts the next in-app confirmation and reports its message. */
async function acceptNextConfirm(page: Page): Promise<string> {
  return (await answerAppDialog(page)).message;
}

const searchBox = (page: Page, placeholder: string) => page.getByPlaceholder(placeholder);
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

let adminToken: string;
beforeAll(async () => {
  adminToken = await tokenFor(ADMIN);
  await library.upsertEntries(
    [
      {
        id: `e2e-admin-tier-${run}`,
        title: `Tier fixture ${run}`,
        body: `A prompt whose tier the admin changes ${run}. ${'More text. '.repeat(12)}`,
        category: null,
        tasks: [],
        industries: [],
        access_tier: 'free',
      },
      {
        id: `e2e-admin-cat-${run}`,
        title: `Category fixture ${run}`,
        body: `Body ${run}`,
        category: `E2E Category ${run}`,
        tasks: [],
        industries: [],
        access_tier: 'free',
      },
    ],
    'curator@construct.test',
  );
});

describe('control center layout', () => {
  it('has its own header, loads with a status line, and shows the under-construction tabs', async () => {
    const { page } = browser;
    await logIn(page, ADMIN);
    await atPath(page, '/prompts');
    // Hold one of the three parallel loads so the loading state can be seen.
    const users = await holdRequests(page, (url) => url.pathname === '/api/v1/admin/users');
    await page.goto('/admin');
    await see(page, 'Loading Control Center...');
    users.release();
    await page.getByRole('table', { name: 'Library prompts' }).waitFor();

    await see(page, 'Welcome, Admin');
    await page.getByRole('heading', { level: 1, name: 'Control Center' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to app' }).getAttribute('href')).toBe('/prompts');
    // The signed-in header of the app is not here.
    expect(await page.getByRole('link', { name: 'My Prompts' }).count()).toBe(0);

    const tabs = page.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual([
      expect.stringMatching(/^Prompts/),
      expect.stringMatching(/^Categories/),
      expect.stringMatching(/^Users/),
      'Dashboard',
      'Settings',
    ]);
    expect(await page.getByRole('tab', { name: 'Prompts' }).getAttribute('aria-selected')).toBe('true');
    for (const header of ['Title', 'Category', 'Owner Email', 'Access Tier', 'Actions']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor({ state: 'attached' });
    }

    for (const tab of ['Dashboard', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await see(page, `Content for ${tab} is under construction.`);
      expect(await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }

    // The tabs follow the arrow keys; Back to app returns to the signed-in area.
    await page.getByRole('tab', { name: 'Settings' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByRole('tab', { name: 'Prompts' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('tab', { name: 'Categories' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Categories/);
    await page.getByRole('link', { name: 'Back to app' }).click();
    await atPath(page, '/prompts');
  });

  it('filters each table by its own field, and switching tab clears the search', async () => {
    const { page } = browser;
    await openControlCenter(page);

    await searchBox(page, 'Search prompts...').fill(`TIER FIXTURE ${run}`);
    await rowOf(page, `Tier fixture ${run}`).waitFor();
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
    await see(page, /^Showing 1 of \d+ prompts$/);

    await page.getByRole('tab', { name: 'Categories' }).click();
    expect(await searchBox(page, 'Search categories...').inputValue()).toBe('');
    await searchBox(page, 'Search categories...').fill(`e2e category ${run}`);
    await rowOf(page, `E2E Category ${run}`).waitFor();
    expect(await rowOf(page, `E2E Category ${run}`).getByRole('cell').first().innerText()).toBe('1');
    await searchBox(page, 'Search categories...').fill(`no such category ${run}`);
    await see(page, `No categories match “no such category ${run}”.`);

    await page.getByRole('tab', { name: 'Users' }).click();
    expect(await searchBox(page, 'Search users by email...').inputValue()).toBe('');
    await searchBox(page, 'Search users by email...').fill('ADMIN@CONSTRUCT.TEST');
    await rowOf(page, 'admin@construct.test You').waitFor();

    await page.getByRole('tab', { name: 'Prompts' }).click();
    expect(await searchBox(page, 'Search prompts...').inputValue()).toBe('');
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(2);
  });

  it('sends a signed-in non-admin to /prompts and a visitor to /login', async () => {
    const { page } = browser;
    await page.goto('/admin');
    await atPath(page, '/login');

    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/admin');
    await atPath(page, '/prompts');
    expect(await page.getByText('Welcome, Admin').count()).toBe(0);
  });

  it('shows the load error with Retry, and Retry loads the data', async () => {
    const { page } = browser;
    await logIn(page, ADMIN);
    await atPath(page, '/prompts');
    await page.route('**/api/v1/admin/categories', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ detail: 'Administrator access is required.' }) }),
    );
    await page.goto('/admin');
    await see(page, 'Failed to fetch platform data. You may not be authorized.');
    await see(page, 'Administrator access is required.');

    await page.unroute('**/api/v1/admin/categories');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Library prompts' }).waitFor();
  });
});

describe('library prompts and categories', () => {
  it('changes a library prompt to elite, which a free user then sees locked, and deletes it', async () => {
    const { page } = browser;
    const free = await registerViaApi();
    const freeToken = await tokenFor(free);
    const before = (await api<{ prompts: any[] }>('GET', `/library/prompts?search=${encodeURIComponent(`Tier fixture ${run}`)}`, freeToken)).body.prompts.find(
      (p) => p.id === `e2e-admin-tier-${run}`,
    );
    expect(before).toMatchObject({ access_tier: 'free', locked: false });

    await openControlCenter(page);
    await searchBox(page, 'Search prompts...').fill(`Tier fixture ${run}`);
    const row = rowOf(page, `Tier fixture ${run}`);
    expect(await row.getByRole('cell').first().innerText()).toBe('Uncategorized');
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('curator@construct.test');

    const tier = page.getByRole('combobox', { name: `Access tier for Tier fixture ${run}` });
    expect(await tier.inputValue()).toBe('free');
    const saving = await holdRequests(page, '**/api/v1/admin/prompts/*/tier');
    await tier.selectOption('elite');
    // Disabled while saving, then the tier stays and the data reloads.
    await expect.poll(() => tier.isDisabled()).toBe(true);
    saving.release();
    await see(page, 'Prompt tier updated.');
    await expect.poll(() => tier.isEnabled()).toBe(true);
    expect(await tier.inputValue()).toBe('elite');

    const after = (await api<{ prompts: any[] }>('GET', `/library/prompts?search=${encodeURIComponent(`Tier fixture ${run}`)}`, freeToken)).body.prompts.find(
      (p) => p.id === `e2e-admin-tier-${run}`,
    );
    expect(after).toMatchObject({ access_tier: 'elite', locked: true });
    expect(after.body.length).toBeLessThanOrEqual(81);

    await page.reload();
    await searchBox(page, 'Search prompts...').fill(`Tier fixture ${run}`);
    expect(await page.getByRole('combobox', { name: `Access tier for Tier fixture ${run}` }).inputValue()).toBe('elite');

    // Dismissing the confirmation keeps the prompt.
    await page.getByRole('button', { name: `Delete prompt Tier fixture ${run}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await nextFrames(page);
    expect(await rowOf(page, `Tier fixture ${run}`).count()).toBe(1);

    const confirmed = acceptNextConfirm(page);
    await page.getByRole('button', { name: `Delete prompt Tier fixture ${run}` }).click();
    expect(await confirmed).toBe('Delete this prompt? This action is permanent.');
    await see(page, 'Prompt deleted.');
    await expect.poll(() => rowOf(page, `Tier fixture ${run}`).count()).toBe(0);
    // Every page: the list is paged by id, and a first page alone would pass vacuously.
    const rows = await adminListAll('/admin/prompts', { token: adminToken });
    expect(rows.some((p) => p.id === `e2e-admin-tier-${run}`)).toBe(false);
  });

  it('creates and renames a library category; deleting it leaves its prompts uncategorized', async () => {
    const { page } = browser;
    await openControlCenter(page, ADMIN, '/admin?tab=categories');
    const name = `Research ${run}`;

    await page.getByRole('button', { name: 'New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Create Category' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Category Name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Category Name').fill(`  ${name}  `);
    await create.click();
    await see(page, 'Category created successfully.');
    await dialog.waitFor({ state: 'detached' });
    await searchBox(page, 'Search categories...').fill(name);
    await rowOf(page, name).waitFor();
    let categories = (await api<any[]>('GET', '/admin/categories', adminToken)).body;
    expect(categories.find((c) => c.name === name)).toMatchObject({ prompt_count: 0 });

    // A taken name: the server's reason, and the dialog stays open.
    await page.getByRole('button', { name: 'New Category' }).click();
    await dialog.getByLabel('Category Name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await see(page, 'A library category with this name already exists.');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Rename the category that holds the fixture prompt; the prompts tab follows.
    await searchBox(page, 'Search categories...').fill(`E2E Category ${run}`);
    await page.getByRole('button', { name: `Edit category E2E Category ${run}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    expect(await edit.getByLabel('Category Name').inputValue()).toBe(`E2E Category ${run}`);
    await edit.getByLabel('Category Name').fill(`Renamed ${run}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Category updated successfully.');
    await edit.waitFor({ state: 'detached' });
    await searchBox(page, 'Search categories...').fill(`Renamed ${run}`);
    await rowOf(page, `Renamed ${run}`).waitFor();
    categories = (await api<any[]>('GET', '/admin/categories', adminToken)).body;
    expect(categories.find((c) => c.name === `Renamed ${run}`)).toMatchObject({ prompt_count: 1 });

    await page.getByRole('tab', { name: 'Prompts' }).click();
    await searchBox(page, 'Search prompts...').fill(`Category fixture ${run}`);
    expect(await rowOf(page, `Category fixture ${run}`).getByRole('cell').first().innerText()).toBe(`Renamed ${run}`);

    await page.getByRole('tab', { name: 'Categories' }).click();
    await searchBox(page, 'Search categories...').fill(`Renamed ${run}`);
    const confirmed = acceptNextConfirm(page);
    await page.getByRole('button', { name: `Delete category Renamed ${run}` }).click();
    expect(await confirmed).toBe('Delete this category? This will not delete its prompts, but will unassign them.');
    await see(page, 'Category deleted.');
    await expect.poll(() => rowOf(page, `Renamed ${run}`).count()).toBe(0);

    await page.getByRole('tab', { name: 'Prompts' }).click();
    await searchBox(page, 'Search prompts...').fill(`Category fixture ${run}`);
    expect(await rowOf(page, `Category fixture ${run}`).getByRole('cell').first().innerText()).toBe('Uncategorized');
    const prompt = (await adminListAll('/admin/prompts', { token: adminToken })).find((p) => p.id === `e2e-admin-cat-${run}`);
    expect(prompt).toMatchObject({ category_id: null, category_name: null });
  });
});

describe('users', () => {
  it("pages the list: 'Load more' adds the next page from the server's cursor, and search asks the server", async () => {
    const { page } = browser;
    await registerViaApi();
    await registerViaApi();
    // The real server, in pages of 2 instead of the app's 200, so the test stack's users make several pages.
    const asked: URL[] = [];
    const usersList = (url: URL) => url.pathname === '/api/v1/admin/users';
    await page.route(usersList, async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      if (!url.searchParams.has('search')) url.searchParams.set('limit', '2');
      await route.continue({ url: url.toString() });
    });
    await openControlCenter(page, ADMIN, '/admin?tab=users');
    const table = page.getByRole('table', { name: 'Platform users' });
    const rows = table.locator('tr[data-row]');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Load more users' }).click();
    // A page holds at most the limit (fewer when one index shard was cut short).
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    expect(await rows.count()).toBeLessThanOrEqual(4);
    expect(asked.at(-1)!.searchParams.get('cursor')).toMatch(/^[\w-]+\.[\w-]+$/);

    await searchBox(page, 'Search users by email...').fill('ADMIN@CONSTRUCT.TEST');
    await expect.poll(() => asked.at(-1)!.searchParams.get('search')).toBe('ADMIN@CONSTRUCT.TEST');
    await rowOf(page, `${ADMIN.email} You`).waitFor();
  });

  it('creates a user who can then sign in through the login page', async () => {
    const { page } = browser;
    const user = account();
    await openControlCenter(page, ADMIN, '/admin?tab=users');

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await see(page, 'Email is required.');
    await see(page, 'Password is required for new users.');
    expect(await dialog.getByLabel('Email Address').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Email Address').fill('not-an-email');
    await see(page, 'Please enter a valid email address.');
    await dialog.getByLabel('Email Address').fill(user.email);
    const password = dialog.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('placeholder')).toBe('Required for new users');
    await password.fill(user.password);
    await dialog.getByLabel('Access Tier').selectOption({ label: 'Pro' });
    expect(await dialog.getByLabel('Access Tier').locator('option').allTextContents()).toEqual(['Free', 'Pro', 'Elite']);
    // The admin switch is named after its state.
    await dialog.getByRole('switch', { name: 'Standard User' }).click();
    expect(await dialog.getByRole('switch', { name: 'Administrator' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('switch', { name: 'Administrator' }).click();
    await dialog.getByRole('switch', { name: 'Standard User' }).waitFor();

    await dialog.getByRole('button', { name: 'Create User' }).click();
    await see(page, 'User created successfully.');
    await dialog.waitFor({ state: 'detached' });
    await searchBox(page, 'Search users by email...').fill(user.email);
    const row = rowOf(page, user.email);
    await row.waitFor();
    expect(await row.getByRole('cell').first().innerText()).toBe('Pro');
    expect(await row.getByRole('switch', { name: `Admin status for ${user.email}` }).getAttribute('aria-checked')).toBe('false');

    // Editing shows the email read-only and no password.
    await page.getByRole('button', { name: `Edit user ${user.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel('Email Address').inputValue()).toBe(user.email);
    expect(await edit.getByLabel('Email Address').getAttribute('readonly')).not.toBeNull();
    expect(await edit.getByLabel('Password', { exact: true }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Sign out without logging out: that would end the shared admin's sessions on the server.
    await page.evaluate(() => localStorage.removeItem('construct.access_token'));
    await logIn(page, user);
    await atPath(page, '/prompts');
    const token = await page.evaluate(() => localStorage.getItem('construct.access_token'));
    expect((await api('GET', '/auth/me', token!)).body).toMatchObject({
      email: user.email,
      first_name: 'Admin',
      last_name: 'Created',
      access_tier: 'pro',
      is_admin: false,
    });
  });

  it("edits a user's tier and role in the dialog", async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await openControlCenter(page, ADMIN, '/admin?tab=users');
    await searchBox(page, 'Search users by email...').fill(user.email);
    await page.getByRole('button', { name: `Edit user ${user.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Access Tier').selectOption('elite');
    await edit.getByRole('switch', { name: 'Standard User' }).click();
    // A tier change asks first; declining saves nothing and keeps the dialog.
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect(await answerAppDialog(page, 'dismiss')).toEqual({ type: 'confirm', message: `Change the plan tier of ${user.email} from Free to Elite?` });
    await edit.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(
      (await api<any[]>('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body.find((u) => u.email === user.email),
    ).toMatchObject({ access_tier: 'free' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await answerAppDialog(page, 'accept');
    await see(page, 'User updated successfully.');
    await edit.waitFor({ state: 'detached' });
    const row = rowOf(page, user.email);
    await expect.poll(() => row.getByRole('cell').first().innerText()).toBe('Elite');
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const users = (await api<any[]>('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body;
    expect(users.find((u) => u.email === user.email)).toMatchObject({ access_tier: 'elite', is_admin: true });
  });

  it("toggles a user's admin status at once (disabled while saving), and the API reflects it", async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const userToken = await tokenFor(user);
    await openControlCenter(page, ADMIN, '/admin?tab=users');
    await searchBox(page, 'Search users by email...').fill(user.email);
    const toggle = page.getByRole('switch', { name: `Admin status for ${user.email}` });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    const saving = await holdRequests(page, '**/api/v1/admin/users/*');
    await toggle.click();
    await expect.poll(() => toggle.isDisabled()).toBe(true);
    saving.release();
    await see(page, 'User updated successfully.');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    let listed = (await api<any[]>('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body.find((u) => u.email === user.email);
    expect(listed.is_admin).toBe(true);
    expect((await api('GET', '/admin/users', userToken)).status).toBe(200);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    listed = (await api<any[]>('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body.find((u) => u.email === user.email);
    expect(listed.is_admin).toBe(false);
    expect((await api('GET', '/admin/users', userToken)).status).toBe(403);
  });

  it('deletes a user after the confirmation', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await openControlCenter(page, ADMIN, '/admin?tab=users');
    await searchBox(page, 'Search users by email...').fill(user.email);
    const confirmed = acceptNextConfirm(page);
    await page.getByRole('button', { name: `Delete user ${user.email}` }).click();
    expect(await confirmed).toBe('Delete this user? This action is permanent.');
    await see(page, 'User deleted.');
    await expect.poll(() => rowOf(page, user.email).count()).toBe(0);
    // Focus does not fall back to the page: it lands on the panel's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Users');
    const users = (await api<any[]>('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body;
    expect(users.some((u) => u.email === user.email)).toBe(false);
  });

  it("disables the admin's own admin switch with the reason, and shows the server's reason when they try to delete themselves", async () => {
    const { page } = browser;
    // A second admin of this test's own, so the shared admin is never touched.
    const other = account();
    const created = await api('POST', '/admin/users', adminToken, {
      email: other.email,
      password: other.password,
      is_admin: true,
      access_tier: 'free',
      first_name: 'Admin',
      last_name: 'Created',
    });
    expect(created.status).toBe(201);
    await openControlCenter(page, other, '/admin?tab=users');
    await searchBox(page, 'Search users by email...').fill(other.email);

    const toggle = page.getByRole('switch', { name: `Admin status for ${other.email}` });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const reason = await toggle.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('You cannot remove your own admin status.');
    // The same in the Edit User dialog of their own account.
    await page.getByRole('button', { name: `Edit user ${other.email}` }).click();
    const own = page.getByRole('dialog', { name: 'Edit User' }).getByRole('switch', { name: 'Administrator' });
    expect(await own.isDisabled()).toBe(true);
    await page.getByRole('dialog', { name: 'Edit User' }).getByText('You cannot remove your own admin status.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor({ state: 'detached' });
    // Another admin's switch stays enabled.
    await searchBox(page, 'Search users by email...').fill(ADMIN.email);
    expect(await page.getByRole('switch', { name: `Admin status for ${ADMIN.email}` }).isEnabled()).toBe(true);
    await searchBox(page, 'Search users by email...').fill(other.email);

    const confirmed = acceptNextConfirm(page);
    await page.getByRole('button', { name: `Delete user ${other.email}` }).click();
    await confirmed;
    await see(page, 'You cannot delete your own account.');
    expect(await rowOf(page, `${other.email} You`).count()).toBe(1);

    // Log out from the control center's header ends the session.
    await page.getByRole('button', { name: 'Log out' }).click();
    await atPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBeNull();
    await page.goto('/admin');
    await atPath(page, '/login');
  });
});

describe('editing a library prompt', () => {
  it("saves title, body, tasks, industries and tier from the Prompts tab; a copy in My Prompts then offers 'Updated in library'", async () => {
    const { page } = browser;
    const id = `e2e-admin-edit-${randomUUID().slice(0, 8)}`;
    await library.upsertEntries(
      [{ id, title: `Edit fixture ${run}`, body: `Original body ${run}`, category: null, tasks: ['Writing'], industries: [], access_tier: 'free' }],
      'curator@construct.test',
    );
    // A Pro reader's copy: the prompt stays within their plan after the edit makes it Pro.
    const reader = await registerViaApi();
    const readerToken = await tokenFor(reader);
    await setTier((await api('GET', '/auth/me', readerToken)).body.id, 'pro');
    const copy = (await api('POST', `/prompts/fork/${id}`, readerToken, {})).body;

    await openControlCenter(page, ADMIN, '/admin?tab=prompts');
    await searchBox(page, 'Search prompts...').fill(`fixture ${run}`);
    await page.getByRole('button', { name: `Edit prompt Edit fixture ${run}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Library Prompt' });
    await expect.poll(() => dialog.getByLabel('Prompt').inputValue()).toBe(`Original body ${run}`);
    // Nothing changed, then a blank title: Save stays disabled.
    const saveChanges = dialog.getByRole('button', { name: 'Save Changes' });
    expect(await saveChanges.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill('   ');
    expect(await saveChanges.isDisabled()).toBe(true);

    // Changes then Escape: the product asks; keeping them keeps the dialog.
    await dialog.getByLabel('Title').fill(`Edited fixture ${run}`);
    await page.keyboard.press('Escape');
    expect(await answerAppDialog(page, 'dismiss')).toEqual({ type: 'confirm', message: 'Discard your changes to this library prompt?' });
    await dialog.getByLabel('Prompt').fill(`Edited body ${run}\nwith [INPUT: topic]`);
    await dialog.getByLabel('Industries').fill('Retail');
    await dialog.getByLabel('Industries').press('Enter');
    await dialog.getByLabel('Access Tier').selectOption('pro');
    await saveChanges.click();
    await see(page, 'Library prompt updated. Copies in My Prompts now offer the update.');
    await dialog.waitFor({ state: 'detached' });

    const text = (await api('GET', `/admin/prompts/${id}`, adminToken)).body;
    expect(text).toEqual({
      id,
      title: `Edited fixture ${run}`,
      kind: 'text',
      body: `Edited body ${run}\nwith [INPUT: topic]`,
      config: {},
      tasks: ['Writing'],
      industries: ['Retail'],
      access_tier: 'pro',
    });
    await expect.poll(async () => rowOf(page, `Edited fixture ${run}`).count()).toBe(1);
    expect((await api('GET', `/prompts/${copy.id}/library-update`, readerToken)).body.changed).toBe(true);
    expect((await api('GET', `/library/prompts/${id}`, readerToken)).body).toMatchObject({
      title: `Edited fixture ${run}`,
      locked: false,
      industries: ['Retail'],
      access_tier: 'pro',
    });
  });
});

describe("editing a library prompt's test suite", () => {
  it("adds, edits and removes checks and examples on the Test suite tab, saved whole; the server's reason shows and nothing is saved", async () => {
    const { page } = browser;
    const id = `e2e-admin-suite-${randomUUID().slice(0, 8)}`;
    await library.upsertEntries(
      [{ id, title: `Suite fixture ${id}`, body: `Write about [INPUT: topic] ${run}`, category: null, tasks: [], industries: [], access_tier: 'free' }],
      'curator@construct.test',
    );
    const suiteOf = async () => (await api('GET', `/admin/prompts/${id}/suite`, adminToken)).body;
    const stored = (
      await api('PUT', `/admin/prompts/${id}/suite`, adminToken, { checks: [{ kind: 'contains', value: 'tea', name: 'Names tea' }], examples: [] })
    ).body;

    await openControlCenter(page, ADMIN, '/admin?tab=prompts');
    await searchBox(page, 'Search prompts...').fill(`Suite fixture ${id}`);
    await page.getByRole('button', { name: `Edit prompt Suite fixture ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Library Prompt' });
    await dialog.getByRole('tab', { name: 'Test suite' }).click();
    const suite = dialog.getByRole('tabpanel', { name: 'Test suite' });
    await expect.poll(() => suite.getByLabel('Name (optional)').inputValue()).toBe('Names tea');

    await suite.getByRole('button', { name: 'Add check' }).click();
    await suite.getByLabel('Check 2', { exact: true }).selectOption('max_length');
    await suite.getByLabel('Value').nth(1).fill('500');
    // An example without its required input: the server refuses the whole suite with its reason.
    await suite.getByRole('button', { name: 'Add example' }).click();
    const adding = page.getByRole('dialog', { name: 'Add example' });
    await adding.getByLabel('Expected answer').fill(`About tea ${run}`);
    await adding.getByRole('button', { name: 'Add example' }).click();
    await adding.waitFor({ state: 'detached' });
    await expectAccessibleInBothThemes(page, { include: '[role="dialog"]', label: 'Edit Library Prompt, Test suite' });
    await suite.getByRole('button', { name: 'Save test suite' }).click();
    await see(page, `examples[0]: the inputs do not fit the prompt's variables: "topic" is required.`);
    expect(await suiteOf()).toEqual(stored);

    await suite.getByRole('button', { name: 'Edit example 1' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit example' });
    await editing.getByLabel('topic', { exact: true }).fill('tea');
    await editing.getByRole('button', { name: 'Save example' }).click();
    await editing.waitFor({ state: 'detached' });
    await suite.getByRole('button', { name: 'Save test suite' }).click();
    await see(page, 'Test suite saved.');
    const saved = await suiteOf();
    expect(saved.checks).toEqual([stored.checks[0], { id: expect.any(String), kind: 'max_length', value: 500, name: null }]);
    expect(saved.examples).toMatchObject([{ inputs: { topic: 'tea' }, expected: `About tea ${run}`, source: 'manual' }]);

    // An unsaved suite change: closing asks first. Then removing the first check saves the rest; the example keeps its id.
    await suite.getByRole('button', { name: 'Remove check 1' }).click();
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    await close.click();
    expect(await answerAppDialog(page, 'dismiss')).toEqual({ type: 'confirm', message: 'Discard your changes to this library prompt?' });
    await suite.getByRole('button', { name: 'Save test suite' }).click();
    await expect.poll(async () => (await suiteOf()).checks.map((c: { id: string }) => c.id)).toEqual([saved.checks[1].id]);
    expect((await suiteOf()).examples.map((e: { id: string }) => e.id)).toEqual([saved.examples[0].id]);
    // Saved (Save is held again): closing asks nothing.
    await expect.poll(() => suite.getByRole('button', { name: 'Save test suite' }).isDisabled()).toBe(true);
    await close.click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('large lists', () => {
  it('renders thousands of rows as a window, searchable and scrollable to the end', async () => {
    const { page } = browser;
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: `u-${i}`,
      email: `bulk-${String(i).padStart(4, '0')}@example.com`,
      first_name: 'Bulk',
      last_name: 'User',
      is_admin: false,
      access_tier: (['free', 'pro', 'elite'] as const)[i % 3],
    }));
    await logIn(page, ADMIN);
    await atPath(page, '/prompts');
    await page.route(
      (url) => url.pathname === '/api/v1/admin/users',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(many) }),
    );
    await page.goto('/admin?tab=users');
    const table = page.getByRole('table', { name: 'Platform users' });
    await table.waitFor();
    await see(page, '3,000 users');

    expect(await table.getAttribute('aria-rowcount')).toBe('3001');
    const rendered = await table.locator('tbody tr[data-row]').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(200);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await rowOf(page, 'bulk-2999@example.com').waitFor();
    expect(await rowOf(page, 'bulk-2999@example.com').getAttribute('aria-rowindex')).toBe('3001');

    await searchBox(page, 'Search users by email...').fill('bulk-1234');
    await rowOf(page, 'bulk-1234@example.com').waitFor();
    await expect.poll(() => table.locator('tbody tr[data-row]').count()).toBe(1);
    await see(page, 'Showing 1 of 3,000 users');
  });
});
