import { beforeEach, describe, expect, it } from 'vitest';
import { call, signUp } from '../../support/api';
import { db, TABLE } from '../../support/db';
import { invoke } from '../../support/events';

const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
const { clearSignInFailures } = await import('../../../functions/lib/data/rate-limits');
const { handler: login } = await import('../../../functions/auth/login');

/**
 * The sign-in guard counts every attempt before the password is checked, atomically, so a burst
 * cannot get more than the free attempts verified; the wait after them grows with each failure
 * instead of one long wall; a password reset (clearSignInFailures) lifts it; and the per-address
 * window is keyed on an address the client cannot write.
 */
/**
 * Sign-ins are sent to the handler in this worker from an address of their own per test, so the
 * failures they provoke never fill the per-address window other test files sign in through.
 */
let address = '';
const signIn = async (username: string, password: string) => {
  const reply = await invoke(login, { method: 'POST', path: '/auth/login', form: { username, password }, sourceIp: address });
  return { ...reply, headers: new Headers(reply.headers) };
};
const guardKey = (email: string) => ({ pk: `RATE#login-account#${email.toLowerCase()}`, sk: 'GUARD' });
const windowItem = async (address: string) => {
  const start = Math.floor(Date.now() / 1000 / 900) * 900;
  return (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: `RATE#login-address#${address}`, sk: `W#${start}` } }))).Item;
};
/** Moves the account's wait into the past, as if it had been sat out. */
const sitOut = (email: string) =>
  db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: guardKey(email),
      UpdateExpression: 'SET locked_until = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  );

describe('sign-in guard', () => {
  beforeEach(() => {
    address = `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
  });

  it('checks at most 10 of 32 parallel wrong passwords; the others wait without being checked', async () => {
    const user = await signUp({}, { login: true });

    const replies = await Promise.all(Array.from({ length: 32 }, (_, i) => signIn(user.email, `wrong-password-${i}`)));

    const checked = replies.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
    expect(replies.filter((r) => r.status === 429).length).toBe(32 - checked);
    expect(replies.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  }, 180_000);

  it('makes the account wait longer after each further failure, tells how long, and a success clears it', async () => {
    const user = await signUp({}, { login: true });
    for (let i = 0; i < 10; i++) expect((await signIn(user.email, `wrong-${i}-password`)).status).toBe(401);

    const first = await signIn(user.email, user.password);
    expect(first.status).toBe(429);
    expect(first.body.detail).toBe('Too many failed sign-in attempts. Please wait 30 seconds and try again, or reset your password.');
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    await sitOut(user.email);
    expect((await signIn(user.email, 'still-the-wrong-one')).status).toBe(401);
    const second = await signIn(user.email, user.password);
    expect(second.status).toBe(429);
    expect(second.body.detail).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again, or reset your password.');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(30);

    await sitOut(user.email);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    expect((await db.send(new GetCommand({ TableName: TABLE, Key: guardKey(user.email) }))).Item).toBeUndefined();
  }, 180_000);

  it('lets the owner in at once after clearSignInFailures (what a password reset calls)', async () => {
    const user = await signUp({}, { login: true });
    for (let i = 0; i < 10; i++) await signIn(user.email, `wrong-${i}-password`);
    expect((await signIn(user.email, user.password)).status).toBe(429);

    await clearSignInFailures(user.email.toUpperCase());

    expect((await signIn(user.email, user.password)).status).toBe(200);
  }, 180_000);

  it('takes the per-address slot before a password is checked: of 64 parallel failures at most 50 are checked', async () => {
    // 64 addresses that have no account: each is checked (against a decoy hash) unless the address's window is full.
    const replies = await Promise.all(Array.from({ length: 64 }, (_, i) => signIn(`nobody-${i}-${address}@example.com`, `wrong-password-${i}`)));
    // Checked and refused: 401. Never checked: 429. A 503 is this loaded machine's 30 s running out,
    // before or after the slot was taken; the window's count says how many slots were taken in all.
    const count = (status: number) => replies.filter((r) => r.status === status).length;
    expect(replies.every((r) => [401, 429, 503].includes(r.status))).toBe(true);
    expect(count(401)).toBeLessThanOrEqual(50);
    expect(count(429) + count(503)).toBeGreaterThanOrEqual(14);
    expect(Number((await windowItem(address))?.hits)).toBeLessThanOrEqual(50);
  }, 180_000);

  it('keeps a stranger who fails from one address from keeping the owner out: the owner, from another address, gets in', async () => {
    const user = await signUp();
    const stranger = address;
    for (let i = 0; i < 12; i++) await signIn(user.email, `stranger-guess-${i}`);
    expect((await signIn(user.email, user.password)).status).toBe(429);

    address = `198.19.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
    const owner = await signIn(user.email, user.password);
    expect(owner.status).toBe(200);

    // The stranger's address starts again from the account's free attempts, no more.
    address = stranger;
    const again = await Promise.all(Array.from({ length: 14 }, (_, i) => signIn(user.email, `stranger-again-${i}`)));
    expect(again.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
  }, 180_000);

  it('does not key the address window on a CloudFront-Viewer-Address the client sent', async () => {
    const user = await signUp({}, { login: true });
    await call('POST', '/auth/login', {
      form: { username: user.email, password: 'wrong-password-here' },
      headers: { 'CloudFront-Viewer-Address': '203.0.113.77:4444' },
    });
    expect(await windowItem('203.0.113.77')).toBeUndefined();

    // Without the gateway in between (the execute-api URL in AWS), the header is trusted only with
    // the origin proof CloudFront adds.
    const form = { username: user.email, password: 'wrong-password-again' };
    await invoke(login, { method: 'POST', path: '/auth/login', form, sourceIp: '198.51.100.5', headers: { 'cloudfront-viewer-address': '203.0.113.78:1' } });
    expect(await windowItem('203.0.113.78')).toBeUndefined();
    expect(await windowItem('198.51.100.5')).toBeDefined();

    // In Lambda too: without CloudFront's origin secret nothing tells its requests from a client's.
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'construct-login';
    try {
      await invoke(login, { method: 'POST', path: '/auth/login', form, sourceIp: '198.51.100.7', headers: { 'cloudfront-viewer-address': '203.0.113.81:1' } });
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
    expect(await windowItem('203.0.113.81')).toBeUndefined();
    expect(await windowItem('198.51.100.7')).toBeDefined();

    process.env.ORIGIN_VERIFY = 'proof-only-cloudfront-knows-0123456789';
    try {
      await invoke(login, {
        method: 'POST',
        path: '/auth/login',
        form,
        sourceIp: '198.51.100.6',
        headers: { 'cloudfront-viewer-address': '203.0.113.79:1', 'x-origin-verify': 'guessed' },
      });
      await invoke(login, {
        method: 'POST',
        path: '/auth/login',
        form,
        sourceIp: '198.51.100.6',
        headers: { 'cloudfront-viewer-address': '203.0.113.80:1', 'x-origin-verify': process.env.ORIGIN_VERIFY },
      });
    } finally {
      delete process.env.ORIGIN_VERIFY;
    }
    expect(await windowItem('203.0.113.79')).toBeUndefined();
    expect(await windowItem('203.0.113.80')).toBeDefined();
  }, 180_000);
});
