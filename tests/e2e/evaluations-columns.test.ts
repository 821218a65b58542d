import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { expectAccessibleInBothThemes, signInWithToken } from '../support/e2e';
import { createConnection, useModelFakes } from '../support/model-fakes';

/**
 * The Evaluate page's columns (issue 29): a chat prompt's saved version on a model of the
 * workspace's connection (the OpenAI fake) beside a chat draft edited in the editor's own
 * messages field, on Construct's model; both fill the grid and are checked.
 */
const browser = useBrowser();
const models = useModelFakes();

const column = (page: Page, n: number) =>
  page
    .getByRole('region', { name: 'Run an evaluation' })
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`Column ${n}`, { exact: true }) });

describe('evaluation columns in the browser', () => {
  it('evaluates a version on a connection’s model beside a chat draft, and the grid shows both checked', async () => {
    const { page } = browser;
    const user = await signUp();
    const connection = await createConnection(user, {
      name: 'Fake OpenAI',
      provider: 'openai',
      base_url: models.openai.url,
      api_key: 'sk-columns-0123456789',
      models: ['gpt-fake-large', 'gpt-fake-mini'],
    });
    const city = `Oslo-${Math.random().toString(36).slice(2, 8)}`;
    const made = await call('POST', '/prompts/', {
      token: user.token,
      json: {
        title: 'Trip planner',
        kind: 'chat',
        messages: [
          { role: 'system', content: 'You plan trips.' },
          { role: 'user', content: 'Plan a day in [INPUT: city].' },
        ],
      },
    });
    expect(made.status).toBe(201);
    const path = `/prompts/${made.body.id}`;
    expect((await call('POST', `${path}/examples`, { token: user.token, json: { inputs: { city } } })).status).toBe(201);
    expect((await call('PUT', `${path}/checks`, { token: user.token, json: { checks: [{ kind: 'contains', value: 'museum' }] } })).status).toBe(200);

    await signInWithToken(page, user.token);
    await page.goto(`${path}/evaluate`);
    await page.getByRole('heading', { name: 'Evaluate “Trip planner”', level: 1 }).waitFor();

    // Column 1: version 1 on the connection, its second model.
    const first = column(page, 1);
    await first.getByLabel('Run on').selectOption({ label: 'Fake OpenAI' });
    expect(await first.getByLabel('Model').inputValue()).toBe('gpt-fake-large');
    await first.getByLabel('Model').fill('gpt-fake-mini');

    // Column 2: a chat draft (the editor's messages field), on Construct's model (the default).
    await page.getByRole('button', { name: 'Add column' }).click();
    const second = column(page, 2);
    await second.getByLabel('Column 2', { exact: true }).selectOption('draft');
    expect(await second.getByLabel('Run on').inputValue()).toBe('');
    const user2 = second.getByLabel('Message 2: User');
    expect(await user2.inputValue()).toBe('Plan a day in [INPUT: city].');
    await user2.fill('Plan a day in [INPUT: city] with a museum.');

    await page.getByRole('button', { name: 'Start evaluation' }).click();
    // The page opens the evaluation's grid once the server has queued it.
    const grid = page.getByRole('region', { name: /^Evaluation of/ });
    await grid.waitFor();
    const evaluationId = new URL(page.url()).searchParams.get('evaluation')!;
    expect(evaluationId).toBeTruthy();
    await grid.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
    const results = grid.getByRole('region', { name: 'Results' });
    // The connection's model answered "Answer: Plan a day in <city>." (no museum); the draft's local answer names it.
    const row = results.getByRole('row', { name: new RegExp(`city: ${city}`) });
    // 'Done' comes with the evaluation; its last cells with the next read of the results.
    await row.waitFor();
    await row.getByText('Waiting…').waitFor({ state: 'detached' });
    expect(await results.getByRole('columnheader').allTextContents()).toEqual(['Example', 'v1 on gpt-fake-mini', 'Draft']);
    expect(await row.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/^Failed/), expect.stringMatching(/^Passed/)]);
    expect(await row.getByRole('cell').first().textContent()).toContain(`Answer: Plan a day in ${city}.`);

    // What the page sent, and what reached the provider.
    const evaluation = (await call('GET', `${path}/evaluations/${evaluationId}`, { token: user.token })).body;
    expect(evaluation.columns).toMatchObject([
      { version: 1, connection_id: connection, model: 'gpt-fake-mini' },
      {
        draft: {
          kind: 'chat',
          messages: [
            { role: 'system', content: 'You plan trips.' },
            { role: 'user', content: 'Plan a day in [INPUT: city] with a museum.' },
          ],
        },
      },
    ]);
    expect(evaluation.columns[1].connection_id ?? null).toBeNull();
    const sent = models.openai.requests.filter((r) => JSON.stringify(r.body?.messages ?? []).includes(city)).map((r) => r.body);
    expect(sent).toEqual([
      expect.objectContaining({
        model: 'gpt-fake-mini',
        messages: [
          { role: 'system', content: 'You plan trips.' },
          { role: 'user', content: `Plan a day in ${city}.` },
        ],
      }),
    ]);

    await expectAccessibleInBothThemes(page, { label: 'Evaluate' });
  }, 120_000);
});
