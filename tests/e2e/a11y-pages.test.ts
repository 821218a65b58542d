import { beforeAll, describe, expect, it } from 'vitest';
import { a11yUser, settled } from '../support/a11y';
import { adminToken } from '../support/api';
import { useBrowser } from '../support/browser';
import { expectAccessibleInBothThemes, seriousViolations, signInWithToken } from '../support/e2e';

/**
 * Accessibility of every page (tests/support/a11y.ts): axe-core finds no serious or critical
 * violation, light or dark, signed out, signed in as a user and as the admin. The dialogs are in a11y-dialogs.
 */
const browser = useBrowser();
let user: Awaited<ReturnType<typeof a11yUser>>;
let admin: string;

beforeAll(async () => {
  user = await a11yUser();
  admin = await adminToken();
});

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
    expect((await seriousViolations(page)).some((v) => v.startsWith('label: '))).toBe(true);
  });

  it.each(['/', '/login', '/register', '/pricing', '/terms', '/privacy', '/forgot-password', '/reset-password?token=x'])(
    'signed out: %s has no serious or critical violation',
    async (path) => {
      const { page } = browser;
      await page.goto(path);
      await settled(page);
      await expectAccessibleInBothThemes(page, { label: path });
    },
  );

  it.each(['/prompts', '/library', '/context-library', '/pricing', '/account', '/api-reference'])(
    'signed in as a user: %s has no serious or critical violation',
    async (path) => {
      const { page } = browser;
      await signInWithToken(page, user.token);
      await page.goto(path);
      await settled(page);
      await expectAccessibleInBothThemes(page, { label: path });
    },
  );

  it('signed in as the admin: /admin has no serious or critical violation', async () => {
    const { page } = browser;
    await signInWithToken(page, admin);
    await page.goto('/admin');
    await page.getByRole('table').waitFor();
    await settled(page);
    await expectAccessibleInBothThemes(page, { label: '/admin' });
  });
});
