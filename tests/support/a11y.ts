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

interface Stop {
  inside: boolean;
  label: string;
}

/**
 * Presses `key` `times` times and answers where the focus was after each press: inside the dialog
 * or not, and a label of the focused element. Each press is read in the page as its keyup
 * arrives, after the keydown has moved the focus, so a press costs no extra round trip.
 */
async function pressAndRead(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab', times: number): Promise<Stop[]> {
  await dialog.evaluate((el) => {
    const stops: Stop[] = [];
    const read = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const active = document.activeElement as HTMLElement | null;
      const label = active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30) ?? ''}` : 'none';
      stops.push({ inside: el.contains(active), label });
    };
    window.addEventListener('keyup', read, { capture: true });
    (window as unknown as { tabStops: () => Stop[] }).tabStops = () => {
      window.removeEventListener('keyup', read, { capture: true });
      return stops;
    };
  });
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
  const stops = await page.evaluate(() => (window as unknown as { tabStops: () => Stop[] }).tabStops());
  expect(stops, `${key} pressed ${times} times`).toHaveLength(times);
  return stops;
}

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
  for (const [i, stop] of (await pressAndRead(page, dialog, 'Tab', 30)).entries()) {
    expect(stop.inside, `Tab ${i + 1} left the dialog for ${stop.label}`).toBe(true);
    seen.add(stop.label);
  }
  for (const [i, stop] of (await pressAndRead(page, dialog, 'Shift+Tab', 10)).entries()) {
    expect(stop.inside, `Shift+Tab ${i + 1} left the dialog for ${stop.label}`).toBe(true);
  }
  // More than one stop: focus moves through the dialog rather than being pinned.
  expect(seen.size).toBeGreaterThan(1);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
}
