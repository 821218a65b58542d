import { beforeAll, describe, it } from 'vitest';
import { a11yUser, expectAccessibleModal, settled } from '../support/a11y';
import { call } from '../support/api';
import { useBrowser } from '../support/browser';
import { library } from '../support/db';
import { expectAccessibleInBothThemes, signInWithToken } from '../support/e2e';

/**
 * Accessibility of a copied library prompt whose original changed since ('Updated in library'):
 * it writes a library entry of its own (a unique id) and reads only its own fork of it.
 */
const browser = useBrowser();
let user: Awaited<ReturnType<typeof a11yUser>>;

beforeAll(async () => {
  user = await a11yUser();
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
});

describe('a copy whose library original changed', () => {
  it('/prompts with its "Updated in library" card has no serious or critical violation', async () => {
    const { page } = browser;
    await signInWithToken(page, user.token);
    await page.goto('/prompts');
    await page.getByRole('article', { name: 'Curated outline' }).getByRole('button', { name: 'Updated in library' }).waitFor();
    await settled(page);
    await expectAccessibleInBothThemes(page, { label: '/prompts, updated in library' });
  });

  it('the library update dialog: no serious or critical violation while open; focus stays inside and returns to the opener', async () => {
    await expectAccessibleModal(browser.page, {
      name: 'library update',
      path: '/prompts',
      token: () => user.token,
      opener: (p) => p.getByRole('article', { name: 'Curated outline' }).getByRole('button', { name: 'Updated in library' }),
      dialog: (p) => p.getByRole('dialog', { name: 'Updated in library' }),
    });
  });
});
