import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seedTeam, setTier } from '../support/db';
import { apiAs, openMyPrompts, registerViaApi, tokenFor } from '../support/e2e';

const browser = useBrowser();

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

const NAV = ['My Prompts', 'Library', 'Activity', 'Context Library', 'API keys', 'Connections', 'Teams'];

/** Every nav item is shown whole: inside the viewport and its nav (nothing scrolled out of view), over no other control of the header. */
async function expectNavVisible(page: Page, label: string) {
  const viewport = { x: 0, y: 0, ...page.viewportSize()! };
  const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  const others: Box[] = [];
  for (const locator of [
    page.getByRole('combobox', { name: 'Workspace' }),
    page.getByRole('link', { name: /^Account/ }),
    page.getByRole('button', { name: 'Log out' }),
  ])
    if (await locator.count()) others.push((await locator.boundingBox())!);
  const boxes: Box[] = [];
  for (const name of NAV) {
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
    const box = (await link.boundingBox())!;
    expect(inside(box, viewport), `${label}: ${name} within the viewport`).toBe(true);
    expect(inside(box, nav), `${label}: ${name} within the nav, not scrolled away`).toBe(true);
    for (const other of [...others, ...boxes]) expect(overlap(box, other), `${label}: ${name} over another control`).toBe(false);
    boxes.push(box);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${label}: no sideways scroll`).toBe(true);
  // On a desktop the links are one row (the nav takes a row of its own rather than wrapping beside the account).
  if (viewport.width >= 1024) expect(new Set(boxes.map((b) => Math.round(b.y))).size, `${label}: the nav on one line`).toBe(1);
}

/**
 * The signed-in header (issue 32, item 13): at 1280 px the workspace switcher of a team covered
 * the nav ('API ke', 'Teams' hidden), and on a phone the nav scrolled sideways with no cue. Every
 * nav item is reachable and visible from 390 to 1920 px, in and out of a team, and on a desktop
 * the nav is one line (at 1280 px it wrapped beside the account once it had six links).
 */
describe('the header', () => {
  it('shows every nav item whole at 1280 and 390 px, with and without a team', async () => {
    const { page } = browser;
    const user = await registerViaApi({
      name: 'Ada King Lovelace',
      email: `a-very-long-address-${Date.now()}@example-company.com`,
      password: 'analytical-engine-1',
    });
    const token = await tokenFor(user);
    const me = (await apiAs(token, 'GET', '/auth/me')).body;
    await setTier(me.id, 'pro');
    await openMyPrompts(page, token);
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [1920, 1080],
      [1100, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectNavVisible(page, `no team, ${width} px`);
    }

    await seedTeam('A team with quite a long name', 'pro', [{ id: me.id, role: 'owner' }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'A team with quite a long name' });
    await page.locator('.team-banner').waitFor();
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [1920, 1080],
      [1100, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectNavVisible(page, `in a team, ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
