import { describe, expect, it } from 'vitest';
import { adminToken } from '../support/api';
import { useBrowser } from '../support/browser';
import { seedTeam } from '../support/db';
import { openMyPrompts, registerViaApi, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

/** What is wider than a 390 px phone, by element (the widest first). */
const overflowing = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      // Inside a box that scrolls (a wide table) is not the page's width.
      .filter((el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 8),
  );

/** Pages fit a phone (issue 32, item 15): /admin at 390 px was 833 px wide. */
describe('at 390 px', () => {
  it('/admin is no wider than the screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, await adminToken());
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ width, overflowing: width > 390 ? await overflowing(page) : [] }).toEqual({ width: 390, overflowing: [] });
  });
});

/** The team banner over a team's workspace fits a phone, a long team name included (issue 32, item 15). */
describe('the team banner', () => {
  it('is no wider than a 320 px or a 390 px screen', async () => {
    const { page } = browser;
    const member = await registerViaApi();
    const name = 'Quarterly-Marketing-Operations-and-Partnerships-EMEA-North';
    await seedTeam(name, 'pro', [{ id: member.id, role: 'owner' }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await openMyPrompts(page, await tokenFor(member));
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: name });
    await page.getByText('Team workspace:').waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const page_width = await page.evaluate(() => document.documentElement.scrollWidth);
      const banner = await page.locator('.team-banner').evaluate((el) => Math.round(el.getBoundingClientRect().right));
      expect({ width, page_width, banner_inside: banner <= width, overflowing: page_width > width ? await overflowing(page) : [] }).toEqual({
        width,
        page_width: width,
        banner_inside: true,
        overflowing: [],
      });
    }
  });
});
