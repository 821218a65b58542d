import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { failWith, holdRequests, onAppDialog, useBrowser } from '../support/browser';
import { openMyPrompts, see, signInWithToken } from '../support/e2e';

const browser = useBrowser();

// The texts of My Prompts as docs/product.md gives them, exactly.
const LIMIT = 'You have reached your limit of 5 prompts. Please upgrade your plan.';
const CONFIRM_LIST_DELETE = 'Are you sure you want to delete this prompt? This action is permanent.';
const CONFIRM_EDITOR_DELETE = 'Delete this prompt? This cannot be undone.';
const CONFIRM_CATEGORY_DELETE = 'Delete this category? Prompts will remain uncategorized.';
const CONFIRM_ENHANCE = 'This will use AI to attempt to improve your prompt. Proceed?';
const FAVORITE_FAILED = 'Failed to update favorite status. Reverting changes.';

type User = Awaited<ReturnType<typeof signUp>>;
interface PromptSeed {
  title: string;
  body: string;
  category_id?: string | null;
  is_favorite?: boolean;
  tasks?: string[];
  industries?: string[];
}

async function seedPrompt(user: User, prompt: PromptSeed) {
  const res = await call('POST', '/prompts/', { token: user.token, json: prompt });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; body: string };
}

async function seedCategory(user: User, name: string) {
  const res = await call('POST', '/categories/', { token: user.token, json: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

async function storedPrompts(user: User) {
  const res = await call('GET', '/prompts/', { token: user.token });
  return res.body.prompts as Array<{
    id: string;
    title: string;
    body: string;
    category_id: string | null;
    category_name: string | null;
    is_favorite: boolean;
    tasks: string[];
    industries: string[];
  }>;
}

/**
 * Records every in-app alert/confirmation of the page and answers it: accept, unless dismissNext() asked for a
 * dismissal. next() waits for the following dialog, so a dialog can never slip by unanswered.
 */
function watchDialogs(page: Page) {
  const log: Array<{ type: string; message: string }> = [];
  const plan: Array<'accept' | 'dismiss'> = [];
  let cursor = 0;
  onAppDialog(page, async (dialog) => {
    await (plan.shift() === 'dismiss' ? dialog.dismiss() : dialog.accept());
    // Logged once gone: the modal hides the page from the accessibility tree while open.
    log.push({ type: dialog.type(), message: dialog.message() });
  });
  return {
    dismissNext: () => void plan.push('dismiss'),
    async next() {
      await expect.poll(() => log.length, { timeout: 10_000 }).toBeGreaterThan(cursor);
      return log[cursor++];
    },
    /** Dialogs not yet read with next(). */
    pending: () => log.length - cursor,
  };
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cards = (page: Page) => page.getByRole('article');

async function stat(page: Page, label: 'Total prompts' | 'Favorites' | 'Uncategorized') {
  const text = await page
    .locator('.prompt-stats__item', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();
  return text?.split('/')[0]?.trim();
}

async function titles(page: Page) {
  return page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

/** Failures forced on purpose log "Failed to load resource ... 5xx" in the console; drop only those. */
function forgiveServerErrors(status: number) {
  browser.errors = browser.errors.filter((e) => !e.includes(`status of ${status}`));
}

/** The tags of a tag input, read from their remove buttons ('Remove task Email' → 'Email'). */
async function tags(scope: Locator, kind: 'task' | 'industry') {
  const names = await scope
    .getByRole('button', { name: new RegExp(`^Remove ${kind} `) })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return names.map((n) => n.replace(`Remove ${kind} `, ''));
}

describe('My Prompts: states', () => {
  it('shows the loading state, then the empty workspace with Create First Prompt', async () => {
    const { page } = browser;
    const user = await signUp();
    await signInWithToken(page, user.token);
    const list = await holdRequests(page, '**/api/v1/prompts/');
    await page.goto('/prompts');
    await see(page, 'Loading Your Prompts...');
    expect(await page.getByRole('heading', { name: 'Your Workspace is Ready' }).count()).toBe(0);
    list.release();
    await page.getByRole('heading', { name: 'Your Workspace is Ready' }).waitFor();
    expect(await page.getByText('Loading Your Prompts...').count()).toBe(0);
    await page.getByRole('button', { name: 'Create First Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('');
  });

  it('shows the load error with the product text', async () => {
    const { page } = browser;
    const user = await signUp();
    await page.route('**/api/v1/prompts/', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }) : route.continue(),
    );
    await signInWithToken(page, user.token);
    await page.goto('/prompts');
    // The client retries server errors twice before giving up.
    await page.getByRole('heading', { name: 'Could Not Load Prompts' }).waitFor({ timeout: 15_000 });
    await see(page, 'Could not load your prompts. Please try again later.');
    expect(await cards(page).count()).toBe(0);
    forgiveServerErrors(500);
  });
});

describe('My Prompts: creating and editing', () => {
  it('creates a prompt with the editor: required fields, title limit, variable detector and tag inputs', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Create New Prompt' }).click();

    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.waitFor();
    const save = editor.getByRole('button', { name: 'Save Prompt' });
    expect(await save.isDisabled()).toBe(true);

    // Title: required (blank after trimming does not count), at most 140 characters, with a counter.
    await editor.getByLabel('Title').fill('   ');
    await editor.getByLabel('Body').fill('Reply to [INPUT:customer] about [SNIPPET: Refund Policy] and [INPUT: customer] again.');
    expect(await save.isDisabled()).toBe(true);
    await editor.getByLabel('Title').fill('x'.repeat(150));
    expect((await editor.getByLabel('Title').inputValue()).length).toBe(140);
    await editor.getByText('140/140').waitFor();
    await editor.getByLabel('Title').fill('  Refund reply  ');
    expect(await save.isEnabled()).toBe(true);

    // The detector lists each variable once, whether or not there is a space after the colon.
    const detector = editor.locator('.variable-detector');
    await detector.getByText('Variables detected (2)').waitFor();
    expect(await detector.locator('.variable-chip__key').allTextContents()).toEqual(['customer', 'Refund Policy']);

    // Tags: Enter, comma and Tab add trimmed values; duplicates are dropped; Backspace removes the last.
    const tasksInput = editor.getByLabel('Tasks');
    await tasksInput.fill('  Email ');
    await tasksInput.press('Enter');
    await tasksInput.pressSequentially('Support,');
    await tasksInput.fill('email');
    await tasksInput.press('Tab');
    await tasksInput.fill('Drafting');
    await tasksInput.press('Enter');
    expect(await tags(editor, 'task')).toEqual(['Email', 'Support', 'Drafting']);
    await tasksInput.press('Backspace');
    expect(await tags(editor, 'task')).toEqual(['Email', 'Support']);
    await editor.getByRole('button', { name: 'Remove task Support' }).click();
    expect(await tags(editor, 'task')).toEqual(['Email']);

    const industriesInput = editor.getByLabel('Industries');
    await industriesInput.fill('Retail');
    await industriesInput.press('Tab');
    await editor.getByLabel('Favorite').check();
    expect(await editor.getByLabel('Category').inputValue()).toBe('');

    // Enter in a tag input adds the tag and does not submit the form.
    expect(await editor.isVisible()).toBe(true);
    await save.click();
    await editor.waitFor({ state: 'detached' });

    const created = card(page, 'Refund reply');
    await created.waitFor();
    await created.getByRole('img', { name: 'Has variables' }).waitFor();
    expect(await created.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
    expect(await stat(page, 'Total prompts')).toBe('1');
    expect(await stat(page, 'Favorites')).toBe('1');
    expect(await stat(page, 'Uncategorized')).toBe('1');

    const [stored] = await storedPrompts(user);
    expect(stored).toMatchObject({
      title: 'Refund reply',
      body: 'Reply to [INPUT:customer] about [SNIPPET: Refund Policy] and [INPUT: customer] again.',
      category_id: null,
      is_favorite: true,
      tasks: ['Email'],
      industries: ['Retail'],
    });
  });

  it('edits a prompt: the editor opens filled in, Escape closes it, Save updates it', async () => {
    const { page } = browser;
    const user = await signUp();
    const work = await seedCategory(user, 'Work');
    await seedPrompt(user, { title: 'Meeting notes', body: 'Summarise these notes.', tasks: ['Summaries'], industries: ['Consulting'] });
    await openMyPrompts(page, user.token);
    // No variables, no indicator.
    expect(await card(page, 'Meeting notes').getByRole('img', { name: 'Has variables' }).count()).toBe(0);

    await card(page, 'Meeting notes').getByRole('button', { name: 'Edit' }).click();
    let editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('Meeting notes');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await expect
      .poll(() =>
        card(page, 'Meeting notes')
          .getByRole('button', { name: 'Edit' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    await card(page, 'Meeting notes').getByRole('button', { name: 'Edit' }).click();
    editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    expect(await editor.getByLabel('Body').inputValue()).toBe('Summarise these notes.');
    expect(await tags(editor, 'task')).toEqual(['Summaries']);
    await editor.getByLabel('Title').fill('Meeting notes, summarised');
    await editor.getByLabel('Body').fill('Summarise these notes for [PROFILE:team].');
    await editor.getByLabel('Category').selectOption({ label: 'Work' });
    await editor.getByRole('button', { name: 'Remove industry Consulting' }).click();
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });

    const edited = card(page, 'Meeting notes, summarised');
    await edited.getByRole('img', { name: 'Has variables' }).waitFor();
    await edited.getByText('Work').waitFor();
    expect(await cards(page).count()).toBe(1);
    await page.getByRole('button', { name: /^Work \(1 prompt\)/ }).waitFor();

    const [stored] = await storedPrompts(user);
    expect(stored).toMatchObject({
      title: 'Meeting notes, summarised',
      body: 'Summarise these notes for [PROFILE:team].',
      category_id: work.id,
      tasks: ['Summaries'],
      industries: [],
    });
  });
});

describe('My Prompts: search and filters', () => {
  it('matches title or body case-insensitively, combined with the category and Favorites Only', async () => {
    const { page } = browser;
    const user = await signUp();
    const sales = await seedCategory(user, 'Sales');
    await seedCategory(user, 'Support');
    await seedPrompt(user, { title: 'Cold outreach EMAIL', body: 'First contact.', category_id: sales.id, is_favorite: true });
    await seedPrompt(user, { title: 'Follow-up', body: 'A polite email after a demo.', category_id: sales.id });
    await seedPrompt(user, { title: 'Ticket triage', body: 'Sort support tickets by urgency.' });
    await seedPrompt(user, { title: 'Refund email', body: 'Decline kindly.', is_favorite: true });
    await openMyPrompts(page, user.token);
    expect(await cards(page).count()).toBe(4);

    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.fill('eMaIl');
    await expect.poll(() => titles(page)).toEqual(['Refund email', 'Follow-up', 'Cold outreach EMAIL']);
    await see(page, 'Showing 3 of 4 prompts');

    await page.getByRole('button', { name: /^Sales/ }).click();
    expect(await page.getByRole('button', { name: /^Sales/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => titles(page)).toEqual(['Follow-up', 'Cold outreach EMAIL']);
    await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor();

    const favoritesOnly = page.getByRole('button', { name: 'Favorites Only' });
    await favoritesOnly.click();
    expect(await favoritesOnly.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => titles(page)).toEqual(['Cold outreach EMAIL']);

    await page.getByRole('button', { name: /^Support/ }).click();
    await page.getByRole('heading', { name: 'No Prompts Found' }).waitFor();

    await page.getByRole('button', { name: /^All Prompts/ }).click();
    await expect.poll(() => titles(page)).toEqual(['Refund email', 'Cold outreach EMAIL']);

    // The clear button empties the search; the other filters stay.
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => titles(page)).toEqual(['Refund email', 'Cold outreach EMAIL']);
    await favoritesOnly.click();
    await expect.poll(() => cards(page).count()).toBe(4);

    // Body text matches too.
    await search.fill('URGENCY');
    await expect.poll(() => titles(page)).toEqual(['Ticket triage']);
    await search.fill('nothing like this');
    await page.getByRole('heading', { name: 'No Prompts Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(4);
  });
});

describe('My Prompts: favourites', () => {
  it('toggles a favourite at once, keeps it on the server, and rolls back with the alert when the server fails', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, { title: 'Haiku', body: 'Write a haiku about [INPUT: season].' });
    await openMyPrompts(page, user.token);
    const favorite = card(page, 'Haiku').getByRole('button', { name: 'Favorite' });
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');

    const dialogs = watchDialogs(page);
    // Optimistic: pressed before the (held) server answers.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/prompts/*', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    expect(await stat(page, 'Favorites')).toBe('1');
    expect((await storedPrompts(user))[0]?.is_favorite).toBe(false);
    release();
    await expect.poll(async () => (await storedPrompts(user))[0]?.is_favorite).toBe(true);
    await page.unrouteAll({ behavior: 'wait' });

    // Failure: the change shows at once, then the alert, then it is reverted.
    const failing = await holdRequests(page, '**/api/v1/prompts/*', { methods: ['PUT'], answer: failWith(500, 'Server error') });
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('false');
    expect(dialogs.pending()).toBe(0);
    failing.release();
    expect(await dialogs.next()).toEqual({ type: 'alert', message: FAVORITE_FAILED });
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    expect(await stat(page, 'Favorites')).toBe('1');
    expect((await storedPrompts(user))[0]?.is_favorite).toBe(true);
    forgiveServerErrors(500);
  });
});

describe('My Prompts: categories', () => {
  it('creates and renames categories in the manager, with busy labels, inline errors and the plan limit', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, { title: 'Press release', body: 'Announce [INPUT: news].' });
    await openMyPrompts(page, user.token);

    const _dialogs = watchDialogs(page);
    await page.getByRole('button', { name: 'Manage' }).click();
    const manager = page.getByRole('dialog', { name: 'Manage Categories' });
    await manager.getByText('0/3 used').waitFor();
    const name = manager.getByLabel('New category name');

    // Create, with the busy label while the server works.
    const adding = await holdRequests(page, '**/api/v1/categories/', { methods: ['POST'] });
    await name.fill('  Comms  ');
    await manager.getByRole('button', { name: 'Add' }).click();
    await manager.getByRole('button', { name: 'Adding...' }).waitFor();
    expect(await manager.getByText('0/3 used').count()).toBe(1);
    adding.release();
    await manager.getByText('1/3 used').waitFor();
    await manager.getByRole('button', { name: 'Rename Comms', exact: true }).waitFor();
    expect(await name.inputValue()).toBe('');

    // A taken name: the server's message inline.
    await name.fill('comms');
    await manager.getByRole('button', { name: 'Add' }).click();
    await manager.getByRole('alert').getByText('A category with this name already exists.').waitFor();
    // The field was disabled while the name was sent: the focus is back in it, to correct the name.
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);

    // Rename inline: Escape cancels (the dialog stays open), Enter saves.
    await manager.getByRole('button', { name: 'Rename Comms' }).click();
    const rename = manager.getByLabel('New name for Comms');
    expect(await rename.getAttribute('maxlength')).toBe('60');
    await rename.fill('Public relations');
    await rename.press('Escape');
    await manager.getByRole('button', { name: 'Rename Comms', exact: true }).waitFor();
    expect(await manager.isVisible()).toBe(true);
    await manager.getByRole('button', { name: 'Rename Comms' }).click();
    const renaming = await holdRequests(page, '**/api/v1/categories/*', { methods: ['PUT'] });
    await manager.getByLabel('New name for Comms').fill('Public relations');
    await manager.getByLabel('New name for Comms').press('Enter');
    await manager.getByRole('button', { name: 'Saving...' }).waitFor();
    renaming.release();
    await manager.getByRole('button', { name: 'Rename Public relations', exact: true }).waitFor();

    // Fill up to the free limit of 3: creation is disabled with the product's placeholder.
    for (const extra of ['Internal', 'Events']) {
      await name.fill(extra);
      await name.press('Enter');
      await manager.getByRole('button', { name: `Rename ${extra}`, exact: true }).waitFor();
      await expect.poll(() => name.inputValue()).toBe('');
    }
    await manager.getByText('3/3 used').waitFor();
    expect(await name.isDisabled()).toBe(true);
    expect(await name.getAttribute('placeholder')).toBe('Category limit reached');
    expect(await manager.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await manager.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: 'Manage' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // The sidebar lists them too (the page behind the modal is hidden from assistive technology until it closes).
    for (const category of ['Events', 'Internal', 'Public relations']) await page.getByRole('button', { name: `${category} (0 prompts)` }).waitFor();
  });

  it('counts and filters by category, and deleting a category leaves its prompts uncategorized', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedCategory(user, 'Public relations');
    await seedCategory(user, 'Internal');
    await seedCategory(user, 'Events');
    await seedPrompt(user, { title: 'Press release', body: 'Announce [INPUT: news].' });
    await openMyPrompts(page, user.token);
    const dialogs = watchDialogs(page);
    const manager = page.getByRole('dialog', { name: 'Manage Categories' });

    // Put the prompt in a category: the counts follow.
    await card(page, 'Press release').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByLabel('Category').selectOption({ label: 'Public relations' });
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Public relations (1 prompt)' }).waitFor();
    expect(await stat(page, 'Uncategorized')).toBe('0');
    await page.getByRole('button', { name: 'Public relations (1 prompt)' }).click();
    await expect.poll(() => titles(page)).toEqual(['Press release']);
    await page.getByRole('button', { name: /^Events/ }).click();
    await page.getByRole('heading', { name: 'No Prompts Found' }).waitFor();
    await page.getByRole('button', { name: /^All Prompts/ }).click();

    // Delete: dismissing the confirmation keeps it; accepting deletes it and its prompt becomes uncategorized.
    await page.getByRole('button', { name: 'Manage' }).click();
    await manager.getByText('1 prompt', { exact: true }).waitFor();
    dialogs.dismissNext();
    await manager.getByRole('button', { name: 'Delete Public relations' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_CATEGORY_DELETE });
    await manager.getByText('3/3 used').waitFor();
    await manager.getByRole('button', { name: 'Rename Public relations', exact: true }).waitFor();
    const deleting = await holdRequests(page, '**/api/v1/categories/*', { methods: ['DELETE'] });
    await manager.getByRole('button', { name: 'Delete Public relations' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_CATEGORY_DELETE });
    await manager.getByRole('button', { name: 'Deleting...' }).waitFor();
    deleting.release();
    await manager.getByText('2/3 used').waitFor();
    expect(await manager.getByLabel('New category name').isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => stat(page, 'Uncategorized')).toBe('1');
    expect(await card(page, 'Press release').getByText('Public relations').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Public relations/ }).count()).toBe(0);
    expect((await storedPrompts(user))[0]?.category_id).toBeNull();
  });

  it('shows the category count as "N categories" when the plan has no category limit (elite)', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedCategory(user, 'One');
    await seedCategory(user, 'Two');
    // The page reads the tier from the current user; answer it as an elite user.
    await page.route('**/api/v1/auth/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), access_tier: 'elite' } });
    });
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Manage' }).click();
    const manager = page.getByRole('dialog', { name: 'Manage Categories' });
    await manager.getByText('2 categories', { exact: true }).waitFor();
    expect(await manager.getByLabel('New category name').isEnabled()).toBe(true);
    expect(await page.getByText('/ 5').count()).toBe(0);
  });
});

describe('My Prompts: AI enhancement', () => {
  it('asks first, shows the card busy, then opens the enhanced body as an unsaved draft', async () => {
    const { page } = browser;
    const user = await signUp();
    const original = 'write a blog post about [INPUT: topic] for [PROFILE:audience]';
    await seedPrompt(user, { title: 'Blog post', body: original });
    await openMyPrompts(page, user.token);
    const enhance = card(page, 'Blog post').getByRole('button', { name: 'Enhance with AI' });
    const dialogs = watchDialogs(page);

    // Dismissed: nothing happens.
    dialogs.dismissNext();
    await enhance.click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_ENHANCE });
    expect(await page.getByRole('dialog').count()).toBe(0);

    const enhancing = await holdRequests(page, '**/api/v1/engine/enhance');
    await enhance.click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_ENHANCE });
    await card(page, 'Blog post').getByText('Enhancing with AI...').waitFor();
    expect(await enhance.getAttribute('aria-busy')).toBe('true');
    enhancing.release();

    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.waitFor();
    const draft = await editor.getByLabel('Body').inputValue();
    expect(draft).not.toBe(original);
    // The markers survive as written.
    expect(draft).toContain('[INPUT: topic]');
    expect(draft).toContain('[PROFILE:audience]');
    // No model is configured in the test stack: the banner says the built-in engine wrote the draft.
    await editor.getByText('restructured by the built-in engine (no AI model is set up), not written by a model', { exact: false }).waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('Blog post');
    // Not saved until Save.
    expect((await storedPrompts(user))[0]?.body).toBe(original);
    // An unsaved enhanced draft is work: closing it asks first.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: 'Discard your unsaved changes? What you typed will be lost.' });
    await editor.waitFor({ state: 'detached' });
    expect((await storedPrompts(user))[0]?.body).toBe(original);

    // Enhance again and keep it.
    await enhance.click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_ENHANCE });
    await editor.waitFor();
    const kept = await editor.getByLabel('Body').inputValue();
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedPrompts(user))[0]?.body).toBe(kept);
    expect(await cards(page).count()).toBe(1);
  });

  it('alerts the detail when the enhancement fails', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, { title: 'Tweet', body: 'A tweet about [INPUT: launch].' });
    await openMyPrompts(page, user.token);
    await page.route('**/api/v1/engine/enhance', failWith(502, 'The enhancement service is unavailable.'));
    const dialogs = watchDialogs(page);
    await card(page, 'Tweet').getByRole('button', { name: 'Enhance with AI' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_ENHANCE });
    expect(await dialogs.next()).toEqual({ type: 'alert', message: 'AI Enhancement failed: The enhancement service is unavailable.' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    forgiveServerErrors(502);
  });
});

describe('My Prompts: deleting', () => {
  it('deletes from the list and from the editor with the product confirmations, and alerts a failure', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, { title: 'First', body: 'One.' });
    await seedPrompt(user, { title: 'Second', body: 'Two.' });
    await openMyPrompts(page, user.token);
    const dialogs = watchDialogs(page);

    // From the list: dismiss keeps it, accept deletes it.
    dialogs.dismissNext();
    await card(page, 'Second').getByRole('button', { name: 'Delete' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_LIST_DELETE });
    expect(await cards(page).count()).toBe(2);

    // A failure alerts the server's detail.
    await page.route('**/api/v1/prompts/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Prompt not found."}' })
        : route.continue(),
    );
    await card(page, 'Second').getByRole('button', { name: 'Delete' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_LIST_DELETE });
    expect(await dialogs.next()).toEqual({ type: 'alert', message: 'Failed to delete prompt: Prompt not found.' });
    await page.unrouteAll({ behavior: 'wait' });
    expect(await cards(page).count()).toBe(2);

    await card(page, 'Second').getByRole('button', { name: 'Delete' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_LIST_DELETE });
    await card(page, 'Second').waitFor({ state: 'detached' });
    expect(await stat(page, 'Total prompts')).toBe('1');

    // From the editor.
    await card(page, 'First').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByRole('button', { name: 'Delete' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_EDITOR_DELETE });
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Your Workspace is Ready' }).waitFor();
    expect(await storedPrompts(user)).toEqual([]);
  });
});

describe('My Prompts: plan limit', () => {
  it('disables Create New Prompt with the note at the free limit of 5, and alerts when pressed anyway', async () => {
    const { page } = browser;
    const user = await signUp();
    for (const n of [1, 2, 3, 4]) await seedPrompt(user, { title: `Prompt ${n}`, body: `Body ${n}.` });
    await openMyPrompts(page, user.token);
    const create = page.getByRole('button', { name: 'Create New Prompt' });
    expect(await create.isEnabled()).toBe(true);
    expect(await page.getByText(LIMIT).count()).toBe(0);

    // The fifth prompt, through the editor.
    await create.click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.getByLabel('Title').fill('Prompt 5');
    await editor.getByLabel('Body').fill('Body 5.');
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    await editor.waitFor({ state: 'detached' });
    await card(page, 'Prompt 5').waitFor();

    // At the limit: disabled, with the note describing it.
    await see(page, LIMIT);
    expect(await create.getAttribute('aria-disabled')).toBe('true');
    expect(await create.isDisabled()).toBe(true);
    const describedBy = await create.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(LIMIT);

    // Pressing it anyway (keyboard) is blocked with the alert; no editor opens.
    const dialogs = watchDialogs(page);
    await create.focus();
    await page.keyboard.press('Enter');
    expect(await dialogs.next()).toEqual({ type: 'alert', message: LIMIT });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await storedPrompts(user)).length).toBe(5);

    // Deleting one frees the slot again.
    await card(page, 'Prompt 1').getByRole('button', { name: 'Delete' }).click();
    expect(await dialogs.next()).toEqual({ type: 'confirm', message: CONFIRM_LIST_DELETE });
    await expect.poll(() => create.getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByText(LIMIT).count()).toBe(0);
  });

  it("shows the server's limit message when the list is out of date", async () => {
    const { page } = browser;
    const user = await signUp();
    for (const n of [1, 2, 3, 4]) await seedPrompt(user, { title: `Prompt ${n}`, body: `Body ${n}.` });
    await openMyPrompts(page, user.token);
    // Another tab takes the last slot.
    await seedPrompt(user, { title: 'From elsewhere', body: 'Elsewhere.' });

    await page.getByRole('button', { name: 'Create New Prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New Prompt' });
    await editor.getByLabel('Title').fill('One too many');
    await editor.getByLabel('Body').fill('Over the limit.');
    const dialogs = watchDialogs(page);
    await editor.getByRole('button', { name: 'Save Prompt' }).click();
    expect(await dialogs.next()).toEqual({ type: 'alert', message: `Error saving prompt: ${LIMIT}` });
    await editor.getByRole('alert').getByText(LIMIT).waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('One too many');
    expect((await storedPrompts(user)).length).toBe(5);
  });
});

describe('My Prompts: workbench and layout', () => {
  it('Open shows the prompt in the workbench', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedPrompt(user, { title: 'Workbench me', body: 'Fill [INPUT: name] in.' });
    await openMyPrompts(page, user.token);
    await card(page, 'Workbench me').getByRole('button', { name: 'Open' }).click();
    const workbench = page.getByRole('dialog');
    await workbench.waitFor();
    await workbench.getByText('Workbench me').first().waitFor();
    // The prompt's variable is there to fill in, and the live preview shows its body.
    expect(await workbench.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').count()).toBe(1);
    await expect.poll(() => workbench.getByRole('region', { name: 'Live preview', exact: true }).textContent()).toContain('Fill [name] in.');
    await page.keyboard.press('Escape');
    await workbench.waitFor({ state: 'detached' });
    expect(await card(page, 'Workbench me').isVisible()).toBe(true);
  });

  it('fits a 375 px screen with the sidebar above the list', async () => {
    const { page } = browser;
    const user = await signUp();
    await seedCategory(user, 'A rather long category name');
    await seedPrompt(user, { title: 'A long title '.repeat(10).trim(), body: 'word '.repeat(400).trim() });
    await page.setViewportSize({ width: 375, height: 800 });
    await openMyPrompts(page, user.token);
    const sidebar = await page.getByRole('complementary', { name: 'Prompt categories' }).boundingBox();
    const list = await page.getByRole('article').first().boundingBox();
    expect(sidebar!.y + sidebar!.height).toBeLessThanOrEqual(list!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Manage' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
