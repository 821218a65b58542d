import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppDialog, useBrowser } from '../support/browser';
import { seedTeam } from '../support/db';
import { account, apiAs, expectAccessibleInBothThemes, openMyPrompts, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

/** Accessible in light and dark, and no sideways scroll at phone width. */
async function checkPage(page: Page, label: string) {
  await expectAccessibleInBothThemes(page, { label });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${label}: no sideways scroll at 390 px`).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Change management in the web (issue 31): a review asked for a protected production label,
 * approved and merged by another member, told in the activity feed; a webhook whose secret is
 * shown once, sent a test delivery a loopback receiver gets, redelivered and deleted.
 */
describe('reviews and activity', () => {
  it('asks for a review of a refused move, another member approves and merges it, and the feed tells it', async () => {
    const { page } = browser;
    const owner = await registerViaApi({ ...account(), name: 'Ana Owner' });
    const editor = await registerViaApi({ ...account(), name: 'Ben Editor' });
    const [ownerToken, editorToken] = [await tokenFor(owner), await tokenFor(editor)];
    const team = await seedTeam('Release team', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
    ]);
    const inTeam = (path: string) => `${path}?workspace=${team}`;
    const made = await apiAs(ownerToken, 'POST', inTeam('/prompts/'), { title: 'Greeting', body: 'Hello [INPUT: name].' });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect(
      (await apiAs(ownerToken, 'PUT', inTeam(`/prompts/${id}`), { title: 'Greeting', body: 'Hello [INPUT: name], welcome to [INPUT: place].' })).status,
    ).toBe(204);
    expect((await apiAs(ownerToken, 'PUT', inTeam(`/prompts/${id}/labels/production`), { version: 1 })).status).toBe(200);

    // The owner turns on 'Require review' on the Evaluate page's protection card.
    await openMyPrompts(page, ownerToken);
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'Release team' });
    await page.getByRole('article', { name: 'Greeting', exact: true }).waitFor();
    await page.goto(`/prompts/${id}/evaluate`);
    await page.getByRole('switch', { name: /Require review for production/ }).click();
    await see(page, 'production now needs an approved review.');
    expect((await apiAs(ownerToken, 'GET', inTeam('/prompts/'))).body.prompts[0].label_protection.production.require_review).toBe(true);

    // Moving production in History is refused, and leads to the reviews.
    await page.goto('/prompts');
    await page.getByRole('article', { name: 'Greeting', exact: true }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Prompt' }).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Greeting”' });
    await history.getByRole('button', { name: 'Set label' }).click();
    await history.getByText('it moves only by merging an approved review').waitFor();
    await history.getByRole('button', { name: 'Open the reviews' }).click();
    expect(await history.getByRole('tab', { name: 'Reviews' }).getAttribute('aria-selected')).toBe('true');

    // The owner asks Ben for a review of version 2.
    const form = history.getByRole('form', { name: 'Request a review' });
    await form.getByLabel('Note (optional)').fill('Adds the place.');
    await form.getByRole('checkbox', { name: 'Ben Editor' }).check();
    await form.getByRole('button', { name: 'Request review' }).click();
    const review = history.getByRole('article', { name: 'Version 2 for production' });
    await review.waitFor();
    await review.getByText('Your own request: another member approves it.').waitFor();
    expect(await review.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await review.getByRole('button', { name: 'Merge' }).isDisabled()).toBe(true);
    await review.getByText('place added').waitFor();
    await review.getByText('Reviewers: Ben Editor').waitFor();
    await expectAccessibleInBothThemes(page, { label: 'The review' });

    // Ben follows the mail's link, approves and merges.
    await signInWithToken(page, editorToken);
    await page.goto(`/prompts?workspace=${team}&reviews=${id}`);
    const bens = page.getByRole('dialog', { name: 'History of “Greeting”' }).getByRole('article', { name: 'Version 2 for production' });
    await bens.getByRole('button', { name: 'Approve' }).click();
    await bens.getByText('Ben Editor approved version 2').waitFor();
    await bens.getByRole('button', { name: 'Merge' }).click();
    await bens.getByText('Merged', { exact: true }).waitFor();
    expect((await apiAs(editorToken, 'GET', inTeam('/prompts/'))).body.prompts[0].labels.production).toBe(2);

    // The feed tells it, by name: the page reads it once, so first the events worker has written all four
    // (each event is its own queue message: the merge's may be in before the approval's).
    await expect
      .poll(async () => ((await apiAs(editorToken, 'GET', inTeam('/activity'))).body.events as { type: string }[]).map((e) => e.type), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['review.merged', 'review.approved', 'review.opened', 'prompt.version.created']));
    await page.goto('/prompts');
    await page.getByRole('article', { name: 'Greeting', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const feed = page.getByRole('list', { name: 'Workspace activity' });
    await feed.getByText('Ben Editor merged the review of "Greeting": production is now version 2.').waitFor();
    await feed.getByText('Ben Editor approved version 2 of "Greeting".').waitFor();
    await feed.getByText('Ana Owner asked for a review of version 2 of "Greeting" for production.').waitFor();
    await feed.getByText('Ana Owner saved version 2 of "Greeting".').waitFor();
    await checkPage(page, 'Activity');
  }, 180_000);
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let target: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => {
  receiver?.closeAllConnections();
  receiver?.close();
});

describe('webhooks', () => {
  it('are added with the secret shown once, sent a test delivery the receiver gets, redelivered, edited and deleted', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    const token = await tokenFor(user);
    await openMyPrompts(page, token);
    await page.goto('/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await see(page, 'No webhooks yet.');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('URL').fill(target);
    await dialog.getByRole('checkbox', { name: 'prompt.deleted' }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await see(page, "Copy the signing secret now: you won't see it again.");
    const secret = (await page.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(1);
    const [hook] = (await apiAs(token, 'GET', '/webhooks')).body.webhooks;
    expect(hook).toMatchObject({ url: target, format: 'json' });
    expect(hook.events).toContain('prompt.deleted');
    expect(JSON.stringify(hook)).not.toContain(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(secret).count()).toBe(0);

    // Send test: the receiver gets a signed delivery, listed as delivered with its code.
    const item = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').first();
    await item.getByRole('button', { name: 'Send test' }).click();
    const row = item.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('delivered').waitFor({ timeout: 15_000 });
    await row.getByRole('cell', { name: '204' }).waitFor();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0]!.body).type).toBe('webhook.test');
    await checkPage(page, 'Webhooks');

    // Redeliver sends the same webhook-id again.
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

    // Edit, then delete (asked first).
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await edit.getByLabel('Description (optional)').fill('Release notes bot');
    await edit.getByRole('button', { name: 'Save webhook' }).click();
    await item.getByText(/Release notes bot/).waitFor();
    await item.getByRole('button', { name: 'Delete' }).click();
    expect((await answerAppDialog(page)).message).toBe(`Delete the webhook to ${target}? Nothing more is sent to it.`);
    await see(page, 'No webhooks yet.');
    expect((await apiAs(token, 'GET', '/webhooks')).body.webhooks).toEqual([]);
  }, 180_000);
});
