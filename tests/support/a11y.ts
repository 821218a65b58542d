import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call, signUp } from './api';
import { expectAccessibleInBothThemes, signInWithToken } from './e2e';

/**
 * The accessibility checks of tests/e2e/a11y-*.test.ts: axe-core (WCAG 2.0/2.1/2.2 A and AA
 * rules, tests/support/e2e.ts's expectAccessibleInBothThemes) with no serious or critical
 * violation in either theme, and every modal keeping keyboard focus inside while open and giving
 * it back to its opener on close.
 */
/** Waits until the page has settled: a main landmark, no loading text. */
export async function settled(page: Page) {
  await page.locator('main, [role="main"]').first().waitFor();
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

/** A user with a category, a text prompt with every marker kind, a snippet, and a chat prompt edited once (its History diffs messages and settings). */
export async function a11yUser() {
  const user = await signUp();
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
  return user;
}

export interface Modal {
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

const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}` : 'none';
  });

/**
 * Opens the modal and checks it: no serious or critical violation while open (light and dark); Tab and Shift+Tab
 * stay inside and move through more than one stop; Escape closes it and gives focus back to the opener.
 */
export async function expectAccessibleModal(page: Page, modal: Modal) {
  await signInWithToken(page, modal.token());
  await page.goto(modal.path);
  await settled(page);
  await modal.before?.(page);
  const opener = modal.opener(page);
  await opener.click();
  const dialog = modal.dialog(page);
  await dialog.waitFor();
  // Let the opening animation and autofocus finish.
  await expect.poll(() => focusInside(dialog)).toBe(true);
  await modal.after?.(dialog);

  await expectAccessibleInBothThemes(page, { include: modal.selector ?? '[role="dialog"]', label: modal.name });

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
}
