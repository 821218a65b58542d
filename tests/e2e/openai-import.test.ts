import { describe, expect, it } from 'vitest';
import { PROMPT_ID, weatherPrompt } from '../fixtures/openai-prompts';
import { call, signUp } from '../support/api';
import { useBrowser } from '../support/browser';
import { openMyPrompts, see, seriousViolations } from '../support/e2e';

const browser = useBrowser();

/** Moving a prompt out of OpenAI: paste it in the import dialog, import, see the prompt and the code that replaces the OpenAI call. */
describe('import from OpenAI', () => {
  it('makes a chat prompt of a pasted prompt object and shows the replacement code', async () => {
    const { page } = browser;
    const user = await signUp();
    await openMyPrompts(page, user.token);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Prompts' });
    await dialog.getByRole('tab', { name: 'OpenAI prompt' }).click();

    // A snippet alone names the prompt but has no text: refused, nothing written.
    await dialog.getByLabel('Paste from OpenAI').fill(`openai.responses.create({ prompt: { id: "${PROMPT_ID}", version: "2" } })`);
    await dialog.getByRole('button', { name: 'Import from OpenAI' }).click();
    await dialog.getByText("paste the prompt's instructions too").waitFor();
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toEqual([]);

    await dialog.getByLabel('Paste from OpenAI').fill(JSON.stringify(weatherPrompt, null, 2));
    await dialog.getByRole('button', { name: 'Import from OpenAI' }).click();
    await dialog.getByText('Imported', { exact: false }).first().waitFor();
    await see(page, /as a chat prompt with 3 versions/);
    await see(page, 'Version numbers are the same as in OpenAI.');
    await see(page, /version 2 is labelled production/);
    await see(page, /web_search_preview/);
    const code = dialog.locator('pre');
    await expect
      .poll(() => code.textContent())
      .toContain(`construct.prompts.compileChat("weather-reporter", { city: "San Francisco", unit: "<unit>" }, { label: 'production' })`);
    expect(await code.textContent()).toContain(`id: "${PROMPT_ID}", version: "2"`);
    await dialog.getByRole('tab', { name: 'Python' }).click();
    await expect.poll(() => dialog.locator('pre').textContent()).toContain('/api/v1/registry/prompts/weather-reporter/compile');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Weather reporter' }).first().waitFor();
    const prompts = (await call('GET', '/prompts/', { token: user.token })).body.prompts;
    expect(prompts).toMatchObject([{ title: 'Weather reporter', kind: 'chat', version: 3, labels: { production: 2 } }]);
  });
});
