import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { library } from '../support/db';
import { signInWithToken } from '../support/e2e';

/**
 * Accessibility: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page, signed out, signed in
 * as a user and as the admin, and with the prompt editor, the category manager, the workbench and
 * the other dialogs open: no serious or critical violation. Every modal keeps keyboard focus
 * inside while open (Tab and Shift+Tab cycle within it) and gives it back to its opener on close.
 */
const browser = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let user: Awaited<ReturnType<typeof signUp>>;
let admin: string;

beforeAll(async () => {
  user = await signUp();
  await call('POST', '/categories/', { token: user.token, json: { name: 'Marketing' } });
  await call('POST', '/prompts/', {
    token: user.token,
    json: {
      title: 'Launch email',
      body: 'Write about [INPUT: product] in a [INPUT: tone=friendly|formal] tone for [PROFILE: audience] with [SNIPPET: bio].',
      tasks: ['Writing'],
      industries: ['Tech'],
    },
  });
  await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'bio', snippet_content: 'We build tools.' } });
  // A chat prompt with model settings, edited once: its editor and its History (messages and settings diffed).
  const chat = {
    title: 'Trip planner',
    kind: 'chat',
    messages: [
      { role: 'system', content: 'You plan trips.' },
      { role: 'placeholder', name: 'history' },
      { role: 'user', content: 'Plan a trip to [INPUT: city].' },
    ],
    config: { model: 'gpt-4.1-mini', temperature: 0.3, tools: [{ name: 'find_flights', parameters: { type: 'object', properties: {} } }] },
  };
  const { body: trip } = await call('POST', '/prompts/', { token: user.token, json: chat });
  await call('PUT', `/prompts/${trip.id}`, { token: user.token, json: { ...chat, config: { ...chat.config, temperature: 0.7 } } });
  // A copied library prompt whose original changed since ('Updated in library').
  const original = {
    id: `a11y-fork-${user.id.slice(0, 8)}`,
    title: 'Curated outline',
    body: 'Outline [INPUT: topic]',
    category: null,
    tasks: [],
    industries: [],
    access_tier: 'free' as const,
  };
  await library.upsertEntries([original], 'curator@construct.test');
  await call('POST', `/prompts/fork/${original.id}`, { token: user.token, json: {} });
  await library.upsertEntries([{ ...original, body: 'Outline [INPUT: topic] in five parts' }], 'curator@construct.test');
  admin = await adminToken();
});

/** Serious and critical violations of the page as it is now, one line per element. */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations, passes } = await builder.analyze();
  // axe ran on something: a selector that matched nothing would pass vacuously.
  expect(passes.length).toBeGreaterThan(0);
  if (process.env.A11Y_REPORT)
    for (const v of violations)
      console.info(
        `[a11y] ${page.url()} ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .map((n) => n.target.join(' '))
          .join(' | ')
          .slice(0, 300)}`,
      );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/** Waits until the page has settled: a main landmark, no loading text. */
async function settled(page: Page) {
  await page.locator('main, [role="main"]').first().waitFor();
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

describe('axe-core: pages', () => {
  it('reports a planted violation (the check can fail)', async () => {
    const { page } = browser;
    await page.goto('/login');
    await settled(page);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      document.querySelector('main')!.append(input);
    });
    expect((await violations(page)).some((v) => v.startsWith('label (critical)'))).toBe(true);
  });

  it.each(['/', '/login', '/register', '/pricing', '/terms', '/privacy', '/forgot-password', '/reset-password?token=x'])(
    'signed out: %s has no serious or critical violation',
    async (path) => {
      const { page } = browser;
      await page.goto(path);
      await settled(page);
      expect(await violations(page)).toEqual([]);
    },
  );

  it.each(['/prompts', '/library', '/context-library', '/pricing', '/account', '/api-reference'])(
    'signed in as a user: %s has no serious or critical violation',
    async (path) => {
      const { page } = browser;
      await signInWithToken(page, user.token);
      await page.goto(path);
      await settled(page);
      expect(await violations(page)).toEqual([]);
    },
  );

  it('signed in as the admin: /admin has no serious or critical violation', async () => {
    const { page } = browser;
    await signInWithToken(page, admin);
    await page.goto('/admin');
    await page.getByRole('table').waitFor();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });
});

// ---- dialogs -------------------------------------------------------------------------------------

interface Modal {
  name: string;
  path: string;
  token: () => string;
  /** Steps before the opener is visible (another dialog to open first). */
  before?: (page: Page) => Promise<void>;
  /** The control that opens it (it must get focus back on close). */
  opener: (page: Page) => Locator;
  dialog: (page: Page) => Locator;
  /** Where axe looks, when not a role="dialog". */
  selector?: string;
  /** Steps inside the open dialog before it is checked (a section to expand). */
  after?: (dialog: Locator) => Promise<void>;
}

const MODALS: Modal[] = [
  {
    name: 'prompt editor (new)',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Create New Prompt' }),
    dialog: (p) => p.getByRole('dialog', { name: 'New Prompt' }),
  },
  {
    name: 'prompt editor (edit)',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('article', { name: 'Launch email' }).getByRole('button', { name: 'Edit' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Edit Prompt' }),
  },
  {
    name: 'prompt editor (chat, model settings open)',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('article', { name: 'Trip planner' }).getByRole('button', { name: 'Edit' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Edit Prompt' }),
    after: (d) => d.getByText('Model settings').click(),
  },
  {
    name: 'version history (chat)',
    path: '/prompts',
    token: () => user.token,
    before: (p) => p.getByRole('article', { name: 'Trip planner' }).getByRole('button', { name: 'Edit' }).click(),
    opener: (p) => p.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }),
    dialog: (p) => p.getByRole('dialog', { name: 'History of “Trip planner”' }),
    after: (d) => d.getByRole('list', { name: 'Model settings changes from v1 to v2' }).waitFor(),
  },
  {
    name: 'version history',
    path: '/prompts',
    token: () => user.token,
    before: (p) => p.getByRole('article', { name: 'Launch email' }).getByRole('button', { name: 'Edit' }).click(),
    opener: (p) => p.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }),
    dialog: (p) => p.getByRole('dialog', { name: 'History of “Launch email”' }),
  },
  {
    name: 'library update',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('article', { name: 'Curated outline' }).getByRole('button', { name: 'Updated in library' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Updated in library' }),
  },
  {
    name: 'category manager',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Manage' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Manage Categories' }),
  },
  {
    name: 'import prompts',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Import', exact: true }),
    dialog: (p) => p.getByRole('dialog', { name: 'Import Prompts' }),
  },
  {
    name: 'workbench',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('article', { name: 'Launch email' }).getByRole('button', { name: 'Open' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Prompt Workbench' }),
  },
  {
    name: 'in-app confirmation',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('article', { name: 'Launch email' }).getByRole('button', { name: 'Delete' }),
    dialog: (p) => p.getByRole('alertdialog', { name: 'Please confirm' }),
    selector: '[role="alertdialog"]',
  },
  {
    name: 'keyboard shortcuts',
    path: '/prompts',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Keyboard shortcuts' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Keyboard shortcuts' }),
  },
  {
    name: 'snippet dialog',
    path: '/context-library',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: /^(Create|Add|New) Snippet$/ }).first(),
    dialog: (p) => p.getByRole('dialog', { name: 'Create Snippet' }),
  },
  {
    name: 'change email',
    path: '/account',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Change email' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Change email' }),
  },
  {
    name: 'delete account',
    path: '/account',
    token: () => user.token,
    opener: (p) => p.getByRole('button', { name: 'Delete account' }),
    dialog: (p) => p.getByRole('dialog', { name: 'Delete your account?' }),
  },
  {
    name: 'admin: new category',
    path: '/admin?tab=categories',
    token: () => admin,
    opener: (p) => p.getByRole('button', { name: /Create.*Category|New Category|Add Category/ }).first(),
    dialog: (p) => p.getByRole('dialog', { name: 'Create New Category' }),
  },
  {
    name: 'admin: edit library prompt',
    path: '/admin?tab=prompts',
    token: () => admin,
    opener: (p) => p.getByRole('button', { name: /^Edit prompt / }).first(),
    dialog: (p) => p.getByRole('dialog', { name: 'Edit Library Prompt' }),
  },
  {
    name: 'admin: new user',
    path: '/admin?tab=users',
    token: () => admin,
    opener: (p) => p.getByRole('button', { name: /Create.*User|New User|Add User/ }).first(),
    dialog: (p) => p.getByRole('dialog', { name: 'Create New User' }),
  },
];

async function open(page: Page, modal: Modal) {
  await signInWithToken(page, modal.token());
  await page.goto(modal.path);
  await settled(page);
  await modal.before?.(page);
  const opener = modal.opener(page);
  await opener.click();
  const dialog = modal.dialog(page);
  await dialog.waitFor();
  // Let the opening animation and autofocus finish.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await modal.after?.(dialog);
  return { opener, dialog };
}

const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}` : 'none';
  });

describe('dialogs', () => {
  it.each(MODALS.map((m) => [m.name, m] as const))('%s: no serious or critical violation while open', async (_, modal) => {
    const { page } = browser;
    await open(page, modal);
    expect(await violations(page, modal.selector ?? '[role="dialog"]')).toEqual([]);
  });

  it.each(MODALS.map((m) => [m.name, m] as const))('%s: Tab and Shift+Tab stay inside, Escape gives focus back to the opener', async (_, modal) => {
    const { page } = browser;
    const { opener, dialog } = await open(page, modal);

    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(dialog), `Tab ${i + 1} left the dialog for ${await focusedLabel(page)}`).toBe(true);
      seen.add(await focusedLabel(page));
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(dialog), `Shift+Tab ${i + 1} left the dialog for ${await focusedLabel(page)}`).toBe(true);
    }
    // More than one stop: focus moves through the dialog rather than being pinned.
    expect(seen.size).toBeGreaterThan(1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
  });
});
