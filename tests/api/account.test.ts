import { createHash } from 'node:crypto';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ACCEPTED } from '@shared/contract/account';
import { adminListAll, adminToken, call, newAccount, signUp } from '../support/api';
import { db, setTier, TABLE, userItem } from '../support/db';
import { linkToken, waitForMail } from '../support/mail';

/**
 * Accounts: password reset by email (read from MailDev), password change, sign out everywhere,
 * the account page, email verification and change, export and deletion.
 */
const login = (email: string, password: string) => call('POST', '/auth/login', { form: { username: email, password } });
const RESET = /Reset your Construct password/;

async function resetToken(email: string, count = 1) {
  expect((await call('POST', '/auth/password/forgot', { json: { email } })).status).toBe(202);
  return linkToken(await waitForMail(email, RESET, { count }), '/reset-password');
}

/** Every item of the table that names the user (by id or email). */
async function itemsNaming(id: string, email: string) {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: TABLE, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (text.includes(id) || text.includes(email.toLowerCase())) found.push(item);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

describe('password reset', () => {
  it('answers the same 202 for a known and an unknown address, and mails each', async () => {
    const user = await signUp();
    const stranger = newAccount().email;

    const known = await call('POST', '/auth/password/forgot', { json: { email: user.email.toUpperCase() } });
    const unknown = await call('POST', '/auth/password/forgot', { json: { email: stranger } });

    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ detail: FORGOT_PASSWORD_ACCEPTED });
    expect(unknown.body).toEqual(known.body);
    const reset = await waitForMail(user.email, RESET);
    expect(reset.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(reset.html).toContain('Choose a new password');
    expect(reset.text).not.toContain(user.password);
    expect(reset.html).not.toContain(user.password);
    const notice = await waitForMail(stranger, RESET);
    expect(notice.text).toContain('there is no account with this address');
    expect(notice.text).not.toContain('reset-password?token=');
  });

  it('sets the new password once, ends every session, and says what is wrong with a used, expired or forged link', async () => {
    const user = await signUp();
    const other = (await login(user.email, user.password)).body.access_token;
    const token = await resetToken(user.email);

    const done = await call('POST', '/auth/password/reset', { json: { token, password: 'a-brand-new-password' } });

    expect(done.status).toBe(204);
    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'a-brand-new-password')).status).toBe(200);
    const again = await call('POST', '/auth/password/reset', { json: { token, password: 'yet-another-password' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/already used/);
    const forged = await call('POST', '/auth/password/reset', { json: { token: `${token.slice(0, -2)}xx`, password: 'yet-another-password' } });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toMatch(/not valid/);
    expect((await login(user.email, 'a-brand-new-password')).status).toBe(200);
  });

  it('refuses an expired link and a weak password without using the link up', async () => {
    const user = await signUp();
    const token = await resetToken(user.email);

    const weak = await call('POST', '/auth/password/reset', { json: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect((await call('POST', '/auth/password/reset', { json: { token, password: 'still-a-good-password' } })).status).toBe(204);

    const second = await resetToken(user.email, 2);
    const hash = createHash('sha256').update(second).digest('hex');
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `TOKEN#${hash}`, sk: 'TOKEN' },
        UpdateExpression: 'SET valid_until = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await call('POST', '/auth/password/reset', { json: { token: second, password: 'too-late-password' } });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/expired/);
    expect((await login(user.email, 'still-a-good-password')).status).toBe(200);
  });

  it('lets exactly one of two racing resets with one link win', async () => {
    const user = await signUp();
    const token = await resetToken(user.email);

    const replies = await Promise.all(
      ['first-racing-password', 'second-racing-password'].map((password) => call('POST', '/auth/password/reset', { json: { token, password } })),
    );

    expect(replies.map((r) => r.status).sort()).toEqual([204, 400]);
    const winner = replies[0]!.status === 204 ? 'first-racing-password' : 'second-racing-password';
    expect((await login(user.email, winner)).status).toBe(200);
  });

  it('lifts the sign-in lock', async () => {
    const user = await signUp();
    for (let i = 0; i < 10; i++) await login(user.email, 'wrong-password-guess');
    expect((await login(user.email, user.password)).status).toBe(429);

    const token = await resetToken(user.email);
    expect((await call('POST', '/auth/password/reset', { json: { token, password: 'unlocked-password' } })).status).toBe(204);

    expect((await login(user.email, 'unlocked-password')).status).toBe(200);
  });

  it('works only for the password it was sent for: an older link stops once a newer one was used, or the password changed', async () => {
    const user = await signUp();
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email, 2);
    expect((await call('POST', '/auth/password/reset', { json: { token: newer, password: 'the-newer-password-1' } })).status).toBe(204);
    const stale = await call('POST', '/auth/password/reset', { json: { token: older, password: 'the-older-password-1' } });
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toBe('This password reset link is no longer valid: the password was changed after it was sent. Please ask for a new one.');
    expect((await login(user.email, 'the-older-password-1')).status).toBe(401);

    const beforeChange = await resetToken(user.email, 3);
    const session = (await login(user.email, 'the-newer-password-1')).body.access_token;
    const changed = await call('PUT', '/auth/password', {
      token: session,
      json: { current_password: 'the-newer-password-1', new_password: 'the-changed-password-1' },
    });
    expect(changed.status).toBe(200);
    const afterChange = await call('POST', '/auth/password/reset', { json: { token: beforeChange, password: 'the-stolen-link-password' } });
    expect(afterChange.status).toBe(400);
    expect(afterChange.body.detail).toBe(stale.body.detail);
    expect((await login(user.email, 'the-changed-password-1')).status).toBe(200);
  });

  it('is sent by an admin from the user row', async () => {
    const user = await signUp();
    const reply = await call('POST', `/admin/users/${user.id}/password-reset`, { token: await adminToken() });
    expect(reply.status).toBe(202);
    const token = linkToken(await waitForMail(user.email, RESET), '/reset-password');
    expect((await call('POST', '/auth/password/reset', { json: { token, password: 'admin-sent-password' } })).status).toBe(204);
    expect((await call('POST', '/admin/users/no-such-user/password-reset', { token: await adminToken() })).status).toBe(404);
  });
});

describe('sessions and password change', () => {
  it('changes the password with the current one: a fresh token, other sessions end', async () => {
    const user = await signUp();
    const other = (await login(user.email, user.password)).body.access_token;

    const wrong = await call('PUT', '/auth/password', { token: user.token, json: { current_password: 'not-my-password', new_password: 'changed-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your current password is incorrect.');
    expect((await login(user.email, user.password)).status).toBe(200);

    const changed = await call('PUT', '/auth/password', { token: user.token, json: { current_password: user.password, new_password: 'changed-password-1' } });

    expect(changed.status).toBe(200);
    expect((await call('GET', '/auth/me', { token: changed.body.access_token })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await login(user.email, 'changed-password-1')).status).toBe(200);
    const notice = await waitForMail(user.email, /password was changed/);
    expect(notice.text).not.toContain('changed-password-1');
  });

  it('counts a wrong current password toward the sign-in guard', async () => {
    const user = await signUp();
    for (let i = 0; i < 10; i++)
      await call('PUT', '/auth/password', { token: user.token, json: { current_password: `guess-${i}-password`, new_password: 'changed-password-2' } });
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it('signs out everywhere', async () => {
    const user = await signUp();
    const other = (await login(user.email, user.password)).body.access_token;

    expect((await call('POST', '/auth/logout-all', { token: user.token })).status).toBe(204);

    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/auth/me', { token: other })).status).toBe(401);
    const fresh = (await login(user.email, user.password)).body.access_token;
    expect((await call('GET', '/auth/me', { token: fresh })).status).toBe(200);
  });
});

describe('the account', () => {
  it('shows usage against the plan limits, null when unlimited', async () => {
    const user = await signUp();
    await call('POST', '/prompts/', { token: user.token, json: { title: 'One', body: 'b' } });
    await call('POST', '/categories/', { token: user.token, json: { name: 'Cat' } });
    await call('POST', '/engine/run', { token: user.token, json: { text: 'Say hi.' } });

    const free = await call('GET', '/account', { token: user.token });

    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      id: user.id,
      email: user.email,
      first_name: 'Test',
      last_name: 'User',
      access_tier: 'free',
      is_admin: false,
      email_verified: false,
      created_at: expect.any(String),
      usage: { prompts: { used: 1, limit: 5 }, categories: { used: 1, limit: 3 }, snippets: { used: 0, limit: 5 }, runs_today: { used: 1, limit: 20 } },
    });
    await setTier(user.id, 'elite');
    // Unlimited runs are still counted: today's run as free, and one as elite.
    await call('POST', '/engine/run', { token: user.token, json: { text: 'Say hi again.' } });
    expect((await call('GET', '/account', { token: user.token })).body.usage).toEqual({
      prompts: { used: 1, limit: null },
      categories: { used: 1, limit: null },
      snippets: { used: 0, limit: null },
      runs_today: { used: 2, limit: null },
    });
  });

  it('changes the name, and refuses bad input without changing anything', async () => {
    const user = await signUp();
    const bad = await call('PUT', '/account', { token: user.token, json: { first_name: '  ', last_name: 'X' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toEqual(expect.any(String));
    expect((await call('PUT', '/account', { token: user.token, json: { first_name: 'Ada', last_name: 'Lovelace', is_admin: true } })).status).toBe(400);

    const renamed = await call('PUT', '/account', { token: user.token, json: { first_name: ' Ada ', last_name: 'Lovelace' } });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', is_admin: false });
    expect((await call('GET', '/auth/me', { token: user.token })).body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', is_admin: false });
  });

  it("confirms a new account's email by the link mailed at sign-up, and resends it on request", async () => {
    const user = await signUp();
    const first = await waitForMail(user.email, /Confirm your email/);
    expect((await call('POST', '/account/email/verification', { token: user.token })).status).toBe(202);
    const second = await waitForMail(user.email, /Confirm your email/, { count: 2 });
    expect(linkToken(second, '/verify-email')).not.toBe(linkToken(first, '/verify-email'));

    const verified = await call('POST', '/account/email/verify', { json: { token: linkToken(first, '/verify-email') } });

    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email: user.email, changed: false });
    expect((await call('GET', '/account', { token: user.token })).body.email_verified).toBe(true);
    expect((await call('POST', '/account/email/verification', { token: user.token })).status).toBe(400);
  });

  it('switches the email when the link sent to the new address is followed; the old address is free', async () => {
    const user = await signUp();
    const next = newAccount().email;
    const taken = (await signUp()).email;

    expect((await call('POST', '/account/email', { token: user.token, json: { new_email: next, password: 'wrong-password-x' } })).status).toBe(400);
    expect((await call('POST', '/account/email', { token: user.token, json: { new_email: taken, password: user.password } })).status).toBe(409);
    const asked = await call('POST', '/account/email', { token: user.token, json: { new_email: next, password: user.password } });
    expect(asked.status).toBe(202);
    expect((await call('GET', '/account', { token: user.token })).body.email).toBe(user.email);

    const token = linkToken(await waitForMail(next, /Confirm your new email/), '/verify-email');
    const switched = await call('POST', '/account/email/verify', { json: { token } });

    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ email: next, changed: true });
    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    const fresh = (await login(next, user.password)).body.access_token;
    expect((await call('GET', '/account', { token: fresh })).body).toMatchObject({ email: next, email_verified: true });
    const users = await adminListAll<{ email: string }>('/admin/users', { token: await adminToken() });
    expect(users.some((u) => u.email === next)).toBe(true);
    expect(users.some((u) => u.email === user.email)).toBe(false);
    expect((await call('POST', '/auth/register', { json: newAccount({ email: user.email }) })).status).toBe(201);
    expect((await waitForMail(user.email, /email was changed/)).text).toContain(next);
    expect((await call('POST', '/account/email/verify', { json: { token } })).status).toBe(400);
  });
});

describe('export and deletion', () => {
  it('exports everything about the user as a download, without password material', async () => {
    const user = await signUp();
    const prompt = (await call('POST', '/prompts/', { token: user.token, json: { title: 'First title', body: 'First body' } })).body;
    await call('PUT', `/prompts/${prompt.id}`, { token: user.token, json: { title: 'Second title', body: 'Second body' } });
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'sig', snippet_content: 'Regards' } });
    await call('PUT', '/context/profile/role', { token: user.token, json: { value: 'Editor' } });
    await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' } });

    const reply = await call('GET', '/account/export', { token: user.token });

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="construct-account-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = reply.body;
    expect(doc.profile).toMatchObject({ id: user.id, email: user.email, email_verified: false });
    expect(doc.prompts).toEqual([
      expect.objectContaining({
        id: prompt.id,
        title: 'Second title',
        earlier_versions: [expect.objectContaining({ title: 'First title', body: 'First body', version: 1 })],
      }),
    ]);
    expect(doc.snippets).toEqual([expect.objectContaining({ snippet_name: 'sig', snippet_content: 'Regards' })]);
    expect(doc.profile_values).toEqual({ role: 'Editor' });
    expect(doc.directives).toEqual({ global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' });
    expect(doc.billing).toEqual({ plan: 'free', paying_customer: false, subscription: null });
    const keysOf = (value: unknown): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => (Array.isArray(value) ? keysOf(v) : [k, ...keysOf(v)])) : [];
    const NEVER = [
      'password_hash',
      'password',
      'prompts_used',
      'categories_used',
      'snippets_used',
      'stripe_customer_id',
      'stripe_subscription_id',
      'billing_event_created',
      'session_version',
      'pk',
      'sk',
      'gsi1pk',
      'gsi1sk',
      'expires_at',
      'item_id',
      'user_id',
    ];
    expect(keysOf(doc).filter((k) => NEVER.includes(k))).toEqual([]);
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/password|\$argon|scrypt/i);
    expect(text).not.toContain((await userItem(user.id))!.password_hash);
  });

  it('deletes every item of the user with the right password; the email is free again', async () => {
    const user = await signUp();
    const prompt = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Doomed', body: 'b' } })).body;
    await call('PUT', `/prompts/${prompt.id}`, { token: user.token, json: { title: 'Doomed 2', body: 'b2' } });
    await call('POST', '/categories/', { token: user.token, json: { name: 'Doomed cat' } });
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'doomed', snippet_content: 'x' } });
    await call('PUT', '/context/profile/k', { token: user.token, json: { value: 'v' } });
    await resetToken(user.email);
    await call('POST', '/engine/run', { token: user.token, json: { text: 'Say hi.' } });
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong-password-guess');

    const wrong = await call('DELETE', '/account', { token: user.token, json: { password: 'not-the-password' } });
    expect(wrong.status).toBe(400);
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toHaveLength(1);

    const deleted = await call('DELETE', '/account', { token: user.token, json: { password: user.password } });

    expect(deleted.status).toBe(204);
    expect((await call('GET', '/auth/me', { token: user.token })).status).toBe(401);
    // The run quota window is keyed by the user id and kept until its TTL: it names no one else's data.
    const left = (await itemsNaming(user.id, user.email)).filter((i) => !String(i.pk).startsWith('RATE#run#'));
    expect(left).toEqual([]);
    expect((await call('POST', '/auth/register', { json: newAccount({ email: user.email }) })).status).toBe(201);
  });

  it('is the same deletion path for the admin: the user and their tokens go', async () => {
    const user = await signUp();
    await resetToken(user.email);
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Gone', body: 'b' } });

    expect((await call('DELETE', `/admin/users/${user.id}`, { token: await adminToken() })).status).toBe(204);

    expect((await itemsNaming(user.id, user.email)).filter((i) => !String(i.pk).startsWith('RATE#'))).toEqual([]);
  });

  it('never lets a write racing the deletion leave items behind', async () => {
    const user = await signUp();
    const writes = Array.from({ length: 4 }, (_, i) =>
      call('POST', '/context/snippets', { token: user.token, json: { snippet_name: `race ${i}`, snippet_content: 'x' } }),
    );
    const deletion = call('DELETE', '/account', { token: user.token, json: { password: user.password } });

    await Promise.all([...writes, deletion]);

    expect((await deletion).status).toBe(204);
    expect(await itemsNaming(user.id, user.email).then((items) => items.filter((i) => !String(i.pk).startsWith('RATE#')))).toEqual([]);
  });
});
