import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { hourOf } from '@shared/stats';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import '../support/db';
import { atPath, expectAccessibleInBothThemes, openMyPrompts } from '../support/e2e';

/**
 * The workspace overview in the browser (issue 30): reached from My Prompts, it shows the
 * workspace's totals, its use and tokens over time (each chart with its table) and the top
 * prompts by use, errors and cost, each linked to its Stats page; axe clean in light and dark.
 */
const browser = useBrowser();

/** Two days ago, counted and rolled up as the usage-rollup worker does after the hour ends. */
async function countedTwoDaysAgo(userId: string, ids: { greeter: string; summary: string }) {
  const { recordUsage, flushUsage } = await import('../../functions/lib/use-cases/usage');
  const { handler } = await import('../../functions/workers/usage-rollup');
  const workspace = `USER#${userId}` as never;
  const at = Date.now() - 2 * 86_400_000;
  for (let i = 0; i < 3; i++) recordUsage({ workspace, prompt_id: ids.greeter, version: 1, channel: 'registry', kind: 'compile', latency_ms: 9, at });
  recordUsage({ workspace, prompt_id: ids.greeter, version: 1, channel: 'registry', kind: 'compile', error: true, at });
  recordUsage({
    workspace,
    prompt_id: ids.summary,
    version: 1,
    channel: 'workbench',
    kind: 'run',
    tokens_in: 1_200,
    tokens_out: 800,
    model: 'gpt-4o-mini',
    at,
  });
  await flushUsage();
  const Records = [ids.greeter, ids.summary].map((prompt_id, i) => ({
    messageId: `o${i}`,
    body: JSON.stringify({ workspace, prompt_id, hour: hourOf(at) }),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
  }));
  expect(await handler({ Records } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
}

describe('workspace overview in the browser', () => {
  it('shows totals, charts with their tables and the top prompts linked to their Stats; axe clean in light and dark, whole at phone width', async () => {
    const { page } = browser;
    const user = await signUp();
    const made = async (title: string) =>
      (await call('POST', '/prompts/', { token: user.token, json: { title, body: `${title} [INPUT: name].` } })).body.id as string;
    const ids = { greeter: await made('Greeter'), summary: await made('Summary') };
    await countedTwoDaysAgo(user.id, ids);

    await openMyPrompts(page, user.token);
    await page.getByRole('link', { name: 'Overview' }).click();
    await atPath(page, '/overview');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const totals = page.locator('dl[aria-label="Totals"]');
    await totals.waitFor();
    expect(await totals.getByRole('definition').allTextContents()).toEqual(['2', '5', '5', '1', '1', '1,200 in, 800 out', expect.stringMatching(/^\$/)]);

    const use = page.getByRole('region', { name: 'Use', exact: true });
    await use.getByRole('img', { name: 'Use: Compiles, Runs, Errors over time' }).locator('svg.recharts-surface[height="220"]').waitFor();
    await use.getByText('Show as a table').click();
    expect(await use.getByRole('table', { name: 'Use', exact: true }).getByRole('row').count()).toBe(2);

    const mostUsed = page.getByRole('table', { name: 'Most used' });
    expect(await mostUsed.getByRole('rowheader').allTextContents()).toEqual(['Greeter', 'Summary']);
    expect(await page.getByRole('table', { name: 'Most errors' }).getByRole('rowheader').allTextContents()).toEqual(['Greeter']);
    expect(await page.getByRole('table', { name: 'Highest estimated cost' }).getByRole('rowheader').allTextContents()).toEqual(['Summary']);

    await expectAccessibleInBothThemes(page, { label: 'Overview' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    await mostUsed.getByRole('link', { name: 'Greeter' }).click();
    await atPath(page, `/prompts/${ids.greeter}/stats`);
    await page.getByRole('heading', { name: 'Stats of “Greeter”', level: 1 }).waitFor();
  }, 120_000);
});
