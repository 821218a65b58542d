import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seedTeam } from '../support/db';
import { apiAs, openMyPrompts, registerViaApi, see, tokenFor } from '../support/e2e';

const browser = useBrowser();

/**
 * In a team's workspace the workbench's copies go to the team (issue 32, item 15): the toast of
 * 'Save as template' names the team, not 'your personal workspace', and the copy is there.
 */
describe("the workbench's copy in a team", () => {
  it("says the copy went to the team's workspace", async () => {
    const { page } = browser;
    const editor = await registerViaApi();
    const token = await tokenFor(editor);
    const team = await seedTeam('Writers', 'pro', [{ id: editor.id, role: 'owner' }]);
    expect((await apiAs(token, 'POST', `/prompts/?workspace=${team}`, { title: 'Team note', body: 'Hello [INPUT: name]' })).status).toBe(201);

    await openMyPrompts(page, token);
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'Writers' });
    await page.getByRole('article', { name: 'Team note', exact: true }).getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt Workbench' });
    await dialog.getByRole('button', { name: 'Save as template', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await see(page, /^Successfully copied ".+" to Writers!$/);
    expect(await page.getByText('to your personal workspace').count()).toBe(0);
    const inTeam = (await apiAs(token, 'GET', `/prompts/?workspace=${team}`)).body.prompts as { title: string }[];
    expect(inTeam.length).toBe(2);
  });
});
