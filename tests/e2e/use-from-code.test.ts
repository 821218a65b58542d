import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { useBrowser } from '../support/browser';
import { apiAs, openMyPrompts, registerViaApi, tokenFor } from '../support/e2e';

const browser = useBrowser();

/**
 * Developers find the API from the product (issue 32, item 14): a prompt's card shows the slug and
 * labels code calls it by, 'Use from code' gives curl and SDK calls for that slug and label (which
 * answer), a chat prompt's SDK call is compileChat handed to OpenAI, and the API keys page leads to
 * the API reference, rendered from /api/v1/openapi.json.
 */
describe('a prompt from code', () => {
  it('shows the slug and labels on the card, curl and SDK calls that name them, and the API reference', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    const made = (await apiAs(token, 'POST', '/prompts/', { title: 'Cold email', body: 'Write to [INPUT: name] about [INPUT: topic].' })).body;
    expect((await apiAs(token, 'PUT', `/prompts/${made.id}/labels/production`, { version: 1 })).status).toBe(200);
    const chat = {
      title: 'Support reply',
      kind: 'chat',
      messages: [
        { role: 'system', content: 'You answer politely.' },
        { role: 'user', content: 'Answer [INPUT: question].' },
      ],
    };
    const chatMade = (await apiAs(token, 'POST', '/prompts/', chat)).body;

    await openMyPrompts(page, token);
    const card = page.getByRole('article', { name: 'Cold email', exact: true });
    await card.getByText(made.slug, { exact: true }).waitFor();
    await card.getByText('production v1', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Use from code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Cold email” from code' });
    const read = await dialog.getByRole('region', { name: 'Read it (curl)' }).locator('pre').innerText();
    expect(read).toContain(`/api/v1/registry/prompts/${made.slug}?label=production`);
    const fill = await dialog.getByRole('region', { name: 'Fill it (curl)' }).locator('pre').innerText();
    expect(fill).toContain(`/api/v1/registry/prompts/${made.slug}/compile`);
    expect(fill).toContain('"variables":{"name":"<name>","topic":"<topic>"}');
    const sdk = await dialog.getByRole('region', { name: 'TypeScript SDK (@construct/sdk)' }).locator('pre').innerText();
    expect(sdk).toContain(`construct.prompts.compile('${made.slug}', {"name":"<name>","topic":"<topic>"}, { label: 'production' })`);
    expect(await dialog.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).toBe('/api/v1/openapi.json');

    // The calls the dialog shows answer (a session token stands in for the key here).
    const readUrl = new URL(read.match(/"(http[^"]+)"/)![1]!);
    const answer = await apiAs(token, 'GET', (readUrl.pathname + readUrl.search).replace('/api/v1', ''));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ slug: made.slug, version: 1 });
    const fillUrl = new URL(fill.match(/"(http[^"]+)"/)![1]!);
    const compiled = await apiAs(token, 'POST', fillUrl.pathname.replace('/api/v1', ''), JSON.parse(fill.match(/-d '([^']+)'/)![1]!));
    expect(compiled.status).toBe(200);
    expect(compiled.body.text).toContain('Write to <name> about <topic>.');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A chat prompt: compileChat, then OpenAI with toOpenAI().
    await page.getByRole('article', { name: 'Support reply', exact: true }).getByRole('button', { name: 'Use from code' }).click();
    const chatDialog = page.getByRole('dialog', { name: 'Use “Support reply” from code' });
    const chatSdk = await chatDialog.getByRole('region', { name: 'TypeScript SDK (@construct/sdk)' }).locator('pre').innerText();
    expect(chatSdk).toContain(`construct.prompts.compileChat('${chatMade.slug}', {"question":"<question>"}, {})`);
    expect(chatSdk).toContain('...compiled.toOpenAI()');
    await page.keyboard.press('Escape');
    await chatDialog.waitFor({ state: 'detached' });

    // API keys → the API reference: every operation of the OpenAPI document, the registry's marked as open to a key.
    await page.getByRole('link', { name: 'API keys', exact: true }).first().click();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.getByRole('heading', { name: 'API reference', level: 1 }).waitFor();
    const registry = page.getByRole('region', { name: 'registry' });
    await registry.getByText('/api/v1/registry/prompts/{slug}/compile', { exact: true }).waitFor();
    // One badge per registry route (summaries may say it too: count the exact badges).
    const keyRoutes = ROUTES.filter((r) => r.path.startsWith('/registry') && r.access === 'key_or_user').length;
    expect(await registry.getByText('API key or session', { exact: true }).count()).toBe(keyRoutes);
    const doc = (await apiAs(undefined, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(await page.locator('.api-op').count()).toBe(operations);
  });
});
