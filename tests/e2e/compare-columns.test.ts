import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { runBlindCompare } from '../support/compare';
import { library } from '../support/db';
import { expectAccessibleInBothThemes, openMyPrompts } from '../support/e2e';
import { createConnection, useModelFakes } from '../support/model-fakes';

/**
 * Compare columns beyond versions and the draft, in the browser (issue 30): a column on a model
 * of the workspace's connection (the OpenAI fake), blind, named only by the vote; a fork's column
 * on its library original. Writes a library entry of its own (a unique id).
 */
const browser = useBrowser();
const models = useModelFakes();
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function openCompare(page: Page, token: string, title: string) {
  await openMyPrompts(page, token);
  await card(page, title).getByRole('button', { name: 'Open' }).click();
  const workbench = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await workbench.getByRole('group', { name: 'topic', exact: true }).getByRole('textbox').fill('tides');
  await workbench.getByRole('button', { name: 'Compare', exact: true }).click();
  return page.getByRole('dialog', { name: 'Compare answers' });
}

describe('compare columns in the browser', () => {
  it('runs a column on a connection’s model blind: no name before the vote, the vote names it, History counts the model', async () => {
    const { page } = browser;
    const user = await signUp();
    await createConnection(user, {
      name: 'Fake OpenAI',
      provider: 'openai',
      base_url: models.openai.url,
      api_key: 'sk-compare-e2e-0123456789',
      models: ['gpt-fake-mini', 'gpt-fake-large'],
    });
    const marker = Math.random().toString(36).slice(2, 8);
    const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Explainer', body: `Explain [INPUT: topic] (${marker}).` } });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect(
      (await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Explainer', body: `Explain [INPUT: topic] briefly (${marker}).` } })).status,
    ).toBe(204);

    const compare = await openCompare(page, user.token, 'Explainer');
    await expect.poll(() => compare.getByLabel('Column 2', { exact: true }).inputValue()).toBe('v1');
    // Column 2 runs on the connection, its second model.
    await compare.getByLabel('Run column 2 on').selectOption({ label: 'Fake OpenAI' });
    expect(await compare.getByLabel('Model of column 2').inputValue()).toBe('gpt-fake-mini');
    await compare.getByLabel('Model of column 2').fill('gpt-fake-large');
    expect(await compare.getByLabel('Run column 1 on').inputValue()).toBe('');
    expect(await compare.getByRole('switch', { name: 'Blind' }).getAttribute('aria-checked')).toBe('true');

    await runBlindCompare(page, compare, id);
    // The connection's model answered one column ("Answer: <the filled text>").
    await compare.getByText(`Answer: Explain tides (${marker}).`).first().waitFor();
    expect(models.openai.requests.find((r) => r.body?.messages?.at(-1)?.content === `Explain tides (${marker}).`)?.body.model).toBe('gpt-fake-large');
    // Nothing on screen names a model or the connection before the vote (the runs' events do not either: api compare-columns).
    expect(await compare.textContent()).not.toMatch(/gpt-fake|Fake OpenAI|construct-local/);
    expect(await compare.getByRole('heading', { name: /^Answer [AB]$/ }).count()).toBe(2);
    await expectAccessibleInBothThemes(page, { include: '.wb-compare-dialog', label: 'Compare' });

    await compare.getByRole('group', { name: 'Which answer is better?' }).getByRole('button', { name: 'Tie' }).click();
    const revealed = compare.getByText(/^Vote counted\. A was .*, B was .*\.$/);
    await revealed.waitFor();
    expect(await revealed.textContent()).toMatch(/(A|B) was v1 on gpt-fake-large \(Fake OpenAI\)/);
    await compare.getByRole('heading', { name: /^Answer [AB] v1 on gpt-fake-large \(Fake OpenAI\)$/ }).waitFor();

    await page.keyboard.press('Escape');
    await compare.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await card(page, 'Explainer').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Explainer”' });
    const byModel = history.getByRole('region', { name: 'Blind votes by model' });
    await byModel.getByText(/^gpt-fake-large: Win rate 50% · rating [\d,]+ \(95% interval [\d,]+–[\d,]+\) · 1 vote$/).waitFor();
    await byModel.getByText(/^Construct's model: Win rate 50% /).waitFor();
  }, 120_000);

  it("offers a fork's library original as a column, and runs the library's text with the same inputs", async () => {
    const { page } = browser;
    const user = await signUp();
    const libraryId = `cmp-${randomUUID().slice(0, 8)}`;
    await library.upsertEntries(
      [
        {
          id: libraryId,
          title: `Original ${libraryId}`,
          body: `From the library ${libraryId}: explain [INPUT: topic].`,
          category: null,
          tasks: [],
          industries: [],
          access_tier: 'free',
        },
      ],
      'curator@construct.test',
    );
    const forked = await call('POST', `/prompts/fork/${libraryId}`, { token: user.token, json: {} });
    expect(forked.status).toBe(201);
    const title = forked.body.title as string;

    const compare = await openCompare(page, user.token, title);
    // One version only: the second column is the library original by default.
    await expect.poll(() => compare.getByLabel('Column 2', { exact: true }).inputValue()).toBe('original');
    await compare.getByRole('switch', { name: 'Blind' }).click();
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    const original = compare.getByRole('region', { name: 'Answer B Library original', exact: true });
    await original.getByText(`From the library ${libraryId}: explain tides.`, { exact: false }).first().waitFor({ timeout: 30_000 });
    await compare.getByRole('region', { name: 'Answer A v1', exact: true }).waitFor();
  }, 120_000);
});
