import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Starts a blind compare of two columns in the open 'Compare answers' dialog and waits for both
 * answers to finish: the session the browser got names no column (ids only).
 */
export async function runBlindCompare(page: Page, compare: Locator, promptId: string, each?: (answer: Locator) => Promise<void>) {
  const started = page.waitForResponse((r) => r.url().endsWith(`/prompts/${promptId}/compare`) && r.request().method() === 'POST');
  await compare.getByRole('button', { name: 'Compare', exact: true }).click();
  expect((await (await started).json()).columns).toEqual([{ id: 'A' }, { id: 'B' }]);
  for (const column of ['A', 'B']) {
    const answer = compare.getByRole('region', { name: `Answer ${column}`, exact: true });
    await each?.(answer);
    await answer.getByText(/^First token .* · total .* · \d+ tokens in, \d+ out · /).waitFor({ timeout: 30_000 });
  }
}
