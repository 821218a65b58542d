import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiAs, atPath, logIn, registerViaApi, seriousViolations, tokenFor } from '../support/e2e';
import { FAKE_MODELS, FAKE_USAGE, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';

/**
 * Model connections in the browser: the Connections page (add with the key shown only as its
 * hint, test, delete), and a run in the workbench on a connection, whose answer comes from a
 * loopback fake of OpenAI's API through the real SDK and shows who answered, its tokens and its
 * time to the first token.
 */
const browser = useBrowser();
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake?.close());

const KEY = 'sk-e2e-0123456789abcdefWXYZ';

describe('the Connections page', () => {
  it('adds a connection whose key is shown only by its last 4 characters, tests it, and deletes it', async () => {
    // Prepare
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections', exact: true }).click();
    await atPath(page, '/connections');
    await page.getByRole('heading', { name: 'Model connections', level: 2 }).waitFor();
    await page.getByText('No model connections yet. Add one to run prompts on your own provider account.').waitFor();

    // Act: add one.
    await page.getByRole('button', { name: 'Add connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add connection' });
    await dialog.getByLabel('Name').fill('Our OpenAI');
    await dialog.getByLabel('Base URL (optional)').fill(fake.url);
    await dialog.getByLabel('API key').fill(KEY);
    await dialog.getByLabel('Models (optional)').fill('gpt-fake-mini, gpt-fake-large');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Add connection' }).click();

    // Assess: listed with the hint, never the key.
    const item = page.getByRole('list', { name: 'Model connections' }).getByRole('listitem').filter({ hasText: 'Our OpenAI' });
    await item.waitFor();
    expect(await item.textContent()).toContain('key ending WXYZ');
    expect(await page.content()).not.toContain(KEY.slice(0, -4));
    expect(await item.textContent()).toContain('Models: gpt-fake-mini, gpt-fake-large');
    expect(await seriousViolations(page)).toEqual([]);

    // Act: test it, through the provider's SDK.
    await item.getByRole('button', { name: 'Test' }).click();
    await item.getByText(`It works: the provider offers ${FAKE_MODELS.length} models (${FAKE_MODELS.join(', ')}).`).waitFor();

    // Act: delete it.
    await item.getByRole('button', { name: 'Delete Our OpenAI' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this connection?' });
    await confirm.getByRole('button', { name: 'Delete connection' }).click();
    await page.getByText('No model connections yet. Add one to run prompts on your own provider account.').waitFor();
  });

  it('shows the server’s reason for a refused base URL in the dialog', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections', exact: true }).click();
    await atPath(page, '/connections');

    await page.getByRole('button', { name: 'Add connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add connection' });
    await dialog.getByLabel('Name').fill('Internal');
    await dialog.getByLabel('Base URL (optional)').fill('http://10.0.0.8/v1');
    await dialog.getByLabel('API key').fill(KEY);
    await dialog.getByRole('button', { name: 'Add connection' }).click();

    await dialog.getByText('base_url must not point to a loopback, private, link-local or metadata address (10.0.0.8 is a private address).').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');
  });
});

describe('a run on a connection in the workbench', () => {
  it("streams the connection's answer and shows the model, the tokens in and out and the time to the first token", async () => {
    // Prepare
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await apiAs(token, 'POST', '/connections', { name: 'Fake OpenAI', provider: 'openai', base_url: fake.url, api_key: KEY, models: ['gpt-fake-mini'] });
    await apiAs(token, 'POST', '/prompts/', { title: 'Greeting', body: 'Greet [INPUT: name] warmly.', category_id: null, tasks: [], industries: [] });
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.getByRole('article', { name: 'Greeting', exact: true }).getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await dialog.getByRole('group', { name: 'name', exact: true }).getByRole('textbox').fill('Ada');

    // Act
    await dialog.getByLabel('Run on').selectOption({ label: 'Fake OpenAI' });
    expect(await dialog.getByLabel('Model').inputValue()).toBe('gpt-fake-mini');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    // Assess
    const answer = page.getByRole('region', { name: 'Answer', exact: true });
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toBe('Answer: Greet Ada warmly.');
    await dialog
      .getByText(new RegExp(`^gpt-fake-mini · ${FAKE_USAGE.prompt_tokens} tokens in, ${FAKE_USAGE.completion_tokens} out · first token after \\d+ ms, `))
      .waitFor();
    const request = fake.requests.findLast((r) => r.body?.messages?.at(-1)?.content === 'Greet Ada warmly.');
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('gpt-fake-mini');
    // A run on a connection takes none of the day's runs: no count appears.
    expect(await dialog.getByText(/runs? left today/).count()).toBe(0);
  });
});
