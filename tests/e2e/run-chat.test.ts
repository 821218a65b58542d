import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiAs, openMyPrompts, registerViaApi, seriousViolations, tokenFor } from '../support/e2e';

/**
 * A chat prompt run in the workbench on the local engine (no model, no connection): its messages
 * filled and sent with its settings; a tool call shown with its JSON arguments, never run; a JSON
 * schema answer checked and shown valid; tokens and the time to the first token under it.
 */
const browser = useBrowser();

const WEATHER = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
};
const REVIEW = {
  type: 'object',
  properties: { verdict: { type: 'string', enum: ['go', 'stay'] }, reasons: { type: 'array', items: { type: 'string' }, minItems: 1 } },
  required: ['verdict', 'reasons'],
  additionalProperties: false,
};

const chatPrompt = (title: string, config: Record<string, unknown>) => ({
  title,
  kind: 'chat',
  messages: [
    { role: 'system', content: 'You are a travel assistant.' },
    { role: 'user', content: 'Should I visit [INPUT: city] this weekend?' },
  ],
  config,
  category_id: null,
  tasks: [],
  industries: [],
});

async function runIn(title: string, config: Record<string, unknown>) {
  const { page } = browser;
  const token = await tokenFor(await registerViaApi());
  const created = await apiAs(token, 'POST', '/prompts/', chatPrompt(title, config));
  expect(created.status).toBe(201);
  // Signed in with a token, not the login form: its scrypt and redirect are not what this file tests.
  await openMyPrompts(page, token);
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
  await dialog.getByRole('group', { name: 'city', exact: true }).getByRole('textbox').fill('Oslo');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  return dialog;
}

describe('a chat prompt run in the workbench (local engine)', () => {
  it('shows the tool call the model makes, with its arguments as JSON, and the run’s facts', async () => {
    const dialog = await runIn('Weather', { tools: [WEATHER] });

    const tools = dialog.getByRole('region', { name: 'Tool call' });
    await tools.waitFor();
    expect(await tools.getByText('Construct shows the calls; it does not run them.', { exact: false }).count()).toBe(1);
    expect(await tools.getByRole('listitem').count()).toBe(1);
    expect(await tools.locator('code').textContent()).toBe('get_weather');
    const args = JSON.parse((await tools.locator('pre').textContent())!);
    expect(typeof args.city).toBe('string');
    await dialog.getByText(/^Local engine · \d+ tokens in, \d+ out · first token after \d+ ms, /).waitFor();
    // The local engine gives no counts: Construct's own are said to be estimates.
    await dialog.getByText(/^Local engine · \d+ tokens in, \d+ out · first token after .* in all · tokens estimated$/).waitFor();
    expect(await seriousViolations(browser.page, '[role="dialog"]')).toEqual([]);
  });

  it('answers a JSON schema with a valid instance and says so', async () => {
    const dialog = await runIn('Go or stay', { response_format: { type: 'json_schema', name: 'review', schema: REVIEW } });

    await dialog.getByText('Valid JSON for the response format.').waitFor();
    const answer = JSON.parse((await browser.page.getByRole('region', { name: 'Answer', exact: true }).textContent())!);
    expect(['go', 'stay']).toContain(answer.verdict);
    expect(answer.reasons.length).toBeGreaterThan(0);
  });
});
