import { beforeAll, describe, it } from 'vitest';
import { a11yUser, expectAccessibleModal, type Modal } from '../support/a11y';
import { adminToken } from '../support/api';
import { useBrowser } from '../support/browser';

/**
 * Accessibility of every dialog (tests/support/a11y.ts): while open, axe-core finds no serious or
 * critical violation; Tab and Shift+Tab stay inside; Escape gives focus back to the opener. The
 * admin's dialogs are only opened and closed, so this file leaves the shared library as it is
 * (the library-update dialog, which needs a library change, is in a11y-library).
 */
const browser = useBrowser();
let user: Awaited<ReturnType<typeof a11yUser>>;
let admin: string;

beforeAll(async () => {
  user = await a11yUser();
  admin = await adminToken();
});

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

describe('dialogs', () => {
  it.each(MODALS.map((m) => [m.name, m] as const))(
    '%s: no serious or critical violation while open; focus stays inside and returns to the opener',
    async (_, modal) => {
      await expectAccessibleModal(browser.page, modal);
    },
  );
});
