import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seedTeam } from '../support/db';
import { apiAs, openMyPrompts, registerViaApi, see, tokenFor } from '../support/e2e';

const browser = useBrowser();

const REASON = 'You are a viewer of this team: you can read, copy and run its prompts, not change them. An owner can make you an editor.';

/**
 * A team's viewer (issue 32, item 12) sees a read-only workspace: no control that changes it, the
 * reason where they would be, and still every way to read, copy and run its prompts. Before, every
 * edit control was offered and a viewer learnt only at Save, losing what they typed.
 */
describe("a team viewer's workspace", () => {
  it('offers no write control in My Prompts, the editor, history, the Context Library or the Library, and says why', async () => {
    const { page } = browser;
    const [owner, viewer] = [await registerViaApi(), await registerViaApi()];
    const [ownerToken, viewerToken] = [await tokenFor(owner), await tokenFor(viewer)];
    const [ownerMe, viewerMe] = [(await apiAs(ownerToken, 'GET', '/auth/me')).body, (await apiAs(viewerToken, 'GET', '/auth/me')).body];
    const team = await seedTeam('Readers', 'pro', [
      { id: ownerMe.id, role: 'owner' },
      { id: viewerMe.id, role: 'viewer' },
    ]);
    const inTeam = (path: string) => `${path}?workspace=${team}`;
    const made = await apiAs(ownerToken, 'POST', inTeam('/prompts/'), { title: 'Team brief', body: 'Write to [INPUT: audience]', is_favorite: true });
    expect(made.status).toBe(201);
    await apiAs(ownerToken, 'PUT', inTeam(`/prompts/${made.body.id}`), { title: 'Team brief', body: 'Write to [INPUT: audience] clearly' });
    expect((await apiAs(ownerToken, 'POST', inTeam('/context/snippets'), { snippet_name: 'Voice', snippet_content: 'Warm.' })).status).toBe(201);
    const chat = {
      kind: 'chat',
      messages: [
        { role: 'system', content: 'You plan trips.' },
        { role: 'user', content: 'Plan [INPUT: city].' },
      ],
      config: { temperature: 0.3 },
    };
    expect((await apiAs(ownerToken, 'POST', inTeam('/prompts/'), { title: 'Team trips', ...chat })).status).toBe(201);

    expect((await apiAs(ownerToken, 'POST', inTeam(`/prompts/${made.body.id}/examples`), { inputs: { audience: 'kids' }, expected: 'Hi kids' })).status).toBe(
      201,
    );
    expect((await apiAs(ownerToken, 'PUT', inTeam(`/prompts/${made.body.id}/checks`), { checks: [{ kind: 'contains', value: 'Hi' }] })).status).toBe(200);

    // Their own workspace first: every control is there.
    await openMyPrompts(page, viewerToken);
    await page.getByRole('button', { name: 'Create New Prompt' }).waitFor();

    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'Readers' });
    const card = page.getByRole('article', { name: 'Team brief', exact: true });
    await card.waitFor();
    await see(page, REASON);
    for (const name of ['Create New Prompt', 'Manage', 'Import']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    for (const name of ['Enhance with AI', 'Edit', 'Delete', 'Share', 'Favorite'])
      expect(await card.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await card.getByRole('img', { name: 'Favorite' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Export JSON' }).count()).toBe(1);
    // 'n' opens no editor.
    await page.locator('body').press('n');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // View: the prompt as it is, fields locked; Move/copy and History stay, Save and Delete do not.
    await card.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'View Prompt' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Body', { exact: true }).inputValue()).toBe('Write to [INPUT: audience] clearly');
    expect(await dialog.getByLabel('Body', { exact: true }).isDisabled()).toBe(true);
    for (const name of ['Save Prompt', 'Delete', 'Share']) expect(await dialog.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Move/copy to…' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: /^History of/ });
    await history.getByText('Current').waitFor();
    expect(await history.getByRole('button', { name: /^Restore version/ }).count()).toBe(0);
    expect(await history.getByRole('button', { name: /label/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // A chat prompt: its messages and model settings are locked too.
    await page.getByRole('article', { name: 'Team trips', exact: true }).getByRole('button', { name: 'View' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Message 2: User').isDisabled()).toBe(true);
    await dialog.getByText('Model settings').click();
    expect(await dialog.getByLabel('Temperature').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add message' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Evaluate: the examples and checks are read, exported and their results opened, not changed.
    await card.getByRole('link', { name: 'Evaluate Team brief' }).click();
    await page.getByRole('heading', { name: 'Evaluate “Team brief”', level: 1 }).waitFor();
    await see(page, 'Expected: Hi kids');
    await see(page, REASON);
    for (const name of [
      'Add example',
      'Import CSV or JSONL',
      'Edit example 1',
      'Delete example 1',
      'Add check',
      'Save checks',
      'Remove check 1',
      'Start evaluation',
    ])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Value').first().isDisabled()).toBe(true);

    // Context Library: the team's snippets and directives, read-only.
    await page.getByRole('link', { name: 'Context Library' }).click();
    await see(page, 'Voice');
    expect(await page.getByRole('button', { name: 'New Snippet' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save Directives' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) Voice$/ }).count()).toBe(0);
    expect(await page.getByLabel('Global Prompt Prefix').getAttribute('readonly')).not.toBeNull();

    // Library: 'Save to My Prompts' would add to this team: held, with the reason.
    await page.getByRole('link', { name: 'Library', exact: true }).click();
    const save = page.getByRole('button', { name: 'Save to My Prompts' }).first();
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await see(page, REASON);
  });
});
