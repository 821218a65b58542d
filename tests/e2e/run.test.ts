import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { account, apiAs, atPath, logIn, openMyPrompts, registerViaApi, tokenFor } from '../support/e2e';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { startOwnStack } from '../support/own-stack';
import { run } from '../support/stream';

/**
 * Run in place from the workbench: the answer streams in under the preview, the day's quota shows
 * after a run and its 429 as an alert, a saved version is compiled by the server (its snippets as stored when it runs), and Stop ends a run that would go on for ever (a fake
 * model in its own local stack), keeping what came so far.
 */
const browser = useBrowser();

const newPrompt = (title: string, body: string) => ({ title, body, category_id: null, is_favorite: false, tasks: [], industries: [] });

async function openWorkbench(page: Page, title: string) {
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await dialog.waitFor();
  return dialog;
}

/** Serious and critical axe findings (WCAG A/AA) inside the workbench, as in tests/support/a11y.ts. */
async function dialogViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('[role="dialog"]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const answerText = (page: Page) => page.getByRole('region', { name: 'Answer', exact: true }).textContent();

describe('run in the workbench (local engine)', () => {
  it('streams the answer to the filled prompt under the preview, then shows the runs left', async () => {
    // Prepare
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await apiAs(token, 'POST', '/prompts/', newPrompt('Haiku', 'Write a haiku about [INPUT: topic]. Keep it calm.'));
    await logIn(page, user);
    await atPath(page, '/prompts');
    const dialog = await openWorkbench(page, 'Haiku');
    await dialog.getByRole('group', { name: 'topic', exact: true }).getByRole('textbox').fill('the sea');

    // Act
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    // Assess: the local engine's answer to exactly the filled text.
    await expect.poll(() => answerText(page), { timeout: 10_000 }).toContain('Prompt size: 9 words');
    const answer = (await answerText(page))!;
    expect(answer).toMatch(/^Local engine: no AI model is configured/);
    expect(answer).toContain('Task: Write a haiku about the sea.');
    // Rendered as Markdown: the engine's '- Keep it calm.' line is a list item.
    expect(await page.getByRole('region', { name: 'Answer', exact: true }).getByRole('listitem').filter({ hasText: 'Keep it calm.' }).count()).toBe(1);
    await dialog.getByText('19 runs left today.').waitFor();
    await dialog.getByRole('button', { name: 'Run', exact: true }).waitFor();
    expect(await dialog.getByText('Stopped.').count()).toBe(0);
    expect(await dialogViolations(page)).toEqual([]);
  });

  it('runs a saved version as the server compiles it: a snippet edited after the workbench opened is what the model gets', async () => {
    const { page } = browser;
    const user = await signUp();
    const snippet = await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'style', snippet_content: 'plain' } });
    expect(snippet.status).toBe(201);
    await call('POST', '/prompts/', {
      token: user.token,
      json: newPrompt('Styled', 'Write about [INPUT: topic] in the [SNIPPET: style] style. Keep it calm.'),
    });
    await openMyPrompts(page, user.token);
    const dialog = await openWorkbench(page, 'Styled');
    await dialog.getByRole('group', { name: 'topic', exact: true }).getByRole('textbox').fill('the sea');
    const preview = page.getByRole('region', { name: 'Live preview', exact: true });
    await expect.poll(() => preview.textContent()).toContain('Write about the sea in the plain style.');

    // Changed elsewhere while the workbench is open: the page's copy is now out of date.
    const edited = await call('PUT', `/context/snippets/${snippet.body.id}`, {
      token: user.token,
      json: { snippet_name: 'style', snippet_content: 'baroque' },
    });
    expect(edited.status).toBe(200);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    await expect.poll(() => answerText(page), { timeout: 10_000 }).toContain('Task: Write about the sea in the baroque style.');
    expect(await preview.textContent()).toContain('in the plain style.');
  });

  it("shows the 429 detail in an alert once the day's runs are used up", async () => {
    // Prepare: the free plan's 20 runs used through the API.
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await apiAs(token, 'POST', '/prompts/', newPrompt('Haiku', 'Write a haiku about autumn.'));
    const runs = await Promise.all(Array.from({ length: 20 }, () => run({ text: 'hello' }, { token })));
    expect(runs.every((r) => r.status === 200)).toBe(true);
    await logIn(page, user);
    await atPath(page, '/prompts');
    const dialog = await openWorkbench(page, 'Haiku');

    // Act
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    // Assess
    const alert = dialog.getByRole('alert');
    await alert.getByText('You have used your 20 runs for today on the Free plan. Upgrade your plan for more, or try again tomorrow.').waitFor();
    expect(await page.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(0);
    expect(await dialogViolations(page)).toEqual([]);
  });
});

describe('stopping a run (a model that never finishes)', () => {
  let fake: FakeOpenAi;
  let stack: LocalStack;
  let context: BrowserContext;

  beforeAll(async () => {
    // Its own stack: the handlers in this worker read the fake model's settings.
    fake = await startFakeOpenAi();
    process.env.OPENAI_API_KEY = 'sk-test-not-a-real-key';
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_MODEL = 'test-model';
    stack = await startOwnStack({ gateway: { webRoot: inject('webRoot') } });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await stack?.stop();
    await fake?.close();
  });

  it('Stop ends the run, keeps the partial answer with a note, and closes the request to the model', async () => {
    // Prepare
    const base = `${stack.url}/api/v1`;
    const user = account();
    const [first_name, ...rest] = user.name.split(' ');
    expect(
      (await call('POST', '/auth/register', { base, json: { first_name, last_name: rest.join(' '), email: user.email, password: user.password } })).status,
    ).toBe(201);
    const token = (await call('POST', '/auth/login', { base, form: { username: user.email, password: user.password } })).body.access_token;
    const body = `SCENARIO:endless ${Date.now()} Tell me about [INPUT: topic].`;
    expect((await call('POST', '/prompts/', { base, token, json: newPrompt('Endless', body) })).status).toBe(201);
    context = await browser.page.context().browser()!.newContext({ baseURL: stack.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, user);
    await atPath(page, '/prompts');
    const dialog = await openWorkbench(page, 'Endless');
    await dialog.getByRole('group', { name: 'topic', exact: true }).getByRole('textbox').fill('tides');

    // Act: run, and stop once the answer is coming in.
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => answerText(page), { timeout: 10_000 }).toContain('tick 2 ');
    await dialog.getByRole('button', { name: 'Stop', exact: true }).click();

    // Assess
    await dialog.getByText('Stopped.').waitFor();
    await dialog.getByRole('button', { name: 'Run', exact: true }).waitFor();
    expect(await answerText(page)).toMatch(/^tick 1 tick 2 /);
    await dialog.getByText('19 runs left today.').waitFor();
    const request = fake.requests.find((r) => r.body?.messages?.[0]?.content === body.replace('[INPUT: topic]', 'tides'));
    expect(request?.body.stream).toBe(true);
    await expect.poll(() => request?.ended, { timeout: 10_000 }).toBe('client-closed');
    expect(errors).toEqual([]);
  });
});
