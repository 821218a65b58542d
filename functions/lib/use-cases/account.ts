import { createHash } from 'node:crypto';
import { dropRevokedKeys } from '../data/api-keys';
import { normaliseEmail } from '../data/keys';
import { newToken, readToken, type TokenItem, useToken } from '../data/one-time-tokens';
import { claimSignInAttempt, clearSignInFailures, consume } from '../data/rate-limits';
import { failing, transact } from '../data/transactions';
import { emailOwner, emailVerifiedOf, endAllSessions, getUser, keysVersionOf, sessionVersionOf, type UserRecord, userParts } from '../data/users';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../http/errors';
import { logger, userRef } from '../http/log';
import { issueAccessToken } from '../http/tokens';
import { sendMail } from '../services/mail';
import {
  emailChangedNoticeMail,
  emailChangeMail,
  existingAccountMail,
  noAccountMail,
  passwordChangedMail,
  passwordResetMail,
  RESET_MINUTES,
  VERIFY_HOURS,
  verifyEmailMail,
} from '../services/mail-messages';
import { hashPassword, verifyPassword } from '../services/passwords';

/**
 * Account security: password reset by emailed link, password change, sign out everywhere, email
 * verification and change. Sessions end by raising the user's session version (tokens.ts); API
 * keys are revoked all at once by raising the keys' version in the same update (users.ts,
 * api-keys.ts): a reset always does, a password change and sign out everywhere unless the request
 * says not to.
 */

export const TOO_MANY_MAILS = 'Too many emails were requested. Please wait an hour and try again.';
export const WRONG_PASSWORD = 'Your current password is incorrect.';

/**
 * The site the emailed links open. Never taken from the request (Origin or Host), which a caller
 * could point at their own server to receive someone else's reset token: SITE_URL is configured
 * (MAIL_SITE_URL by the stack when deployed, SITE_URL by the local stack on one machine).
 */
export function linkBase(): string {
  const site = process.env.MAIL_SITE_URL || process.env.SITE_URL;
  if (!site) throw new ServiceUnavailableError('Email is not configured yet. Please try again later.');
  return site.replace(/\/$/, '');
}

const hashed = (s: string) => createHash('sha256').update(`construct-rate:${s}`).digest('hex').slice(0, 32);
/** Mails per hour per recipient (hashed: the window's key names no address). */
export const recipientWindow = (email: string) => ({ name: 'mail-recipient', subject: hashed(normaliseEmail(email)), limit: 5, seconds: 3600 });
const addressWindow = (address: string) => ({ name: 'forgot-address', subject: address, limit: 50, seconds: 3600 });

// ---- password reset ----------------------------------------------------------------------------

/**
 * POST /auth/password/forgot. The same work whether or not an account has the address (rate
 * windows, one claim read, one token write, one email), so neither the answer nor its timing
 * tells which addresses are registered: an unknown address gets a note that it has no account.
 */
export async function requestPasswordReset(email: string, address: string): Promise<void> {
  const site = linkBase();
  await consume(addressWindow(address), TOO_MANY_MAILS);
  await consume(recipientWindow(email), TOO_MANY_MAILS);
  const userId = await emailOwner(email);
  const { token, puts } = newToken('password_reset', { ...(userId ? { user_id: userId } : {}), email: normaliseEmail(email) }, RESET_MINUTES * 60);
  await transact(puts);
  await sendMail(userId ? passwordResetMail(email, `${site}/reset-password?token=${token}`) : noAccountMail(email, `${site}/register`));
}

/** 'Send password reset' of the admin console: the same link, to the user's own address. */
export async function sendPasswordReset(user: UserRecord): Promise<void> {
  const site = linkBase();
  await consume(recipientWindow(user.email), TOO_MANY_MAILS);
  const { token, puts } = newToken('password_reset', { user_id: user.id, email: normaliseEmail(user.email) }, RESET_MINUTES * 60);
  await transact(puts);
  await sendMail(passwordResetMail(user.email, `${site}/reset-password?token=${token}`));
}

export const RESET_LINK = {
  invalid: 'This password reset link is not valid. Please ask for a new one.',
  superseded: 'This password reset link is no longer valid: the password was changed after it was sent. Please ask for a new one.',
  used: 'This password reset link was already used. Please ask for a new one.',
  expired: 'This password reset link has expired (links work for 30 minutes). Please ask for a new one.',
};

/**
 * POST /auth/password/reset: the token is used up in the same transaction that sets the password,
 * ends every session and revokes every API key, so of two resets with one token exactly one wins.
 * A link works only for the password it was sent for: once the password changed after it was made
 * (a newer link was used, or a change), it is refused, in the same transaction's condition.
 * Following the link proves the mailbox, so the email counts as verified and the sign-in lock is
 * lifted.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const item = await readToken(token, 'password_reset', RESET_LINK);
  const user = await getUser(item.user_id);
  // The account is gone, or its email changed since the link was sent to the old address.
  if (!user || normaliseEmail(user.email) !== item.email) throw new BadRequestError(RESET_LINK.invalid);
  // Links made before issued_at was kept count from when they were made (they last RESET_MINUTES).
  const issuedAt = item.issued_at ?? (item.valid_until - RESET_MINUTES * 60) * 1000;
  if (user.password_changed_at !== undefined && user.password_changed_at >= issuedAt) throw new BadRequestError(RESET_LINK.superseded);
  const password_hash = await hashPassword(password);
  await transact([
    failing(useToken(token), () => new BadRequestError(RESET_LINK.used)),
    // The user item's condition: the email changed (not this link's account any more) or the password did meanwhile.
    failing(userParts.resetPassword(user, password_hash, issuedAt), () => new BadRequestError(RESET_LINK.superseded)),
  ]);
  await clearSignInFailures(user.email);
  await dropKeysRevoked(user);
}

/** Deletes the items of the keys just revoked (they are refused already: a failure only leaves items behind). */
async function dropKeysRevoked(user: UserRecord): Promise<void> {
  await dropRevokedKeys(user.id, keysVersionOf(user) + 1).catch((error: Error) =>
    logger.warn('revoked API keys not deleted', { user: userRef(user.id), error: error.name, message: error.message }),
  );
}

// ---- password check, change, sessions ----------------------------------------------------------

/**
 * Checks the signed-in user's password for a sensitive change. A wrong one counts toward the
 * sign-in guard of the account, and a locked account is refused, so these routes are no way
 * around the guard.
 */
export async function checkPassword({
  user,
  password,
  address,
  wrong = WRONG_PASSWORD,
}: {
  user: UserRecord;
  password: string;
  address: string;
  wrong?: string;
}): Promise<void> {
  // Counted before the check, as a sign-in is (429 while the account waits); a right one clears it.
  await claimSignInAttempt(user.email, address);
  if (!(await verifyPassword(password, user.password_hash))) throw new BadRequestError(wrong);
  await clearSignInFailures(user.email, address);
}

/** PUT /auth/password: every other session ends (and every API key, with `revokeKeys`); the answer carries a token of the new session. */
export async function changePassword({
  user,
  current,
  next,
  revokeKeys,
  address,
}: {
  user: UserRecord;
  current: string;
  next: string;
  revokeKeys: boolean;
  address: string;
}) {
  await checkPassword({ user, password: current, address });
  if (current === next) throw new BadRequestError('The new password must be different from the current one.');
  const password_hash = await hashPassword(next);
  const version = sessionVersionOf(user);
  // The password this request checked is still the one stored (a concurrent change wins once).
  await transact([
    failing(
      userParts.changePassword(user, password_hash, revokeKeys),
      () => new ConflictError('Your password was changed by another request. Please sign in again.'),
    ),
  ]);
  if (revokeKeys) await dropKeysRevoked(user);
  await notify(user, passwordChangedMail(user.email, `${linkBase()}/forgot-password`));
  const { token, expiresIn } = await issueAccessToken(user.id, version + 1);
  return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn };
}

/** POST /auth/logout-all: every token of the user ends, this one included, and every API key with `revokeKeys`. */
export async function signOutEverywhere(user: UserRecord, revokeKeys: boolean): Promise<void> {
  await endAllSessions(user.id, revokeKeys);
  if (revokeKeys) await dropKeysRevoked(user);
}

/** A notice whose failure must not undo the change it reports (the change is done and safe). */
export async function notify(user: UserRecord, mail: Parameters<typeof sendMail>[0]): Promise<void> {
  // Awaited: a Lambda is frozen once it answers, so a mail still on its way would never leave.
  await sendMail(mail).catch((error: Error) => logger.warn('notice email failed', { user: userRef(user.id), error: error.name, message: error.message }));
}

// ---- email verification and change -------------------------------------------------------------

export const VERIFY_LINK = {
  invalid: 'This confirmation link is not valid. Please ask for a new one.',
  used: 'This confirmation link was already used.',
  expired: 'This confirmation link has expired. Please ask for a new one.',
};
export const MAIL_SENT = 'We sent a confirmation link. Please check your inbox.';

/** The mail confirming a new account's address (sent at sign-up and by 'Resend'). */
export async function sendVerification(user: Pick<UserRecord, 'id' | 'email' | 'first_name'>): Promise<void> {
  const site = linkBase();
  await consume(recipientWindow(user.email), TOO_MANY_MAILS);
  const { token, puts } = newToken('verify_email', { user_id: user.id, email: normaliseEmail(user.email) }, VERIFY_HOURS * 3600);
  await transact(puts);
  await sendMail(verifyEmailMail(user.email, user.first_name, `${site}/verify-email?token=${token}`));
}

/**
 * A sign-up for an address that already has an account: answered as a new one (register.ts), and
 * the address's owner is told instead, with the ways back in. The same mail work as a new account's.
 */
export async function noticeExistingAccount(email: string): Promise<void> {
  const site = linkBase();
  await consume(recipientWindow(email), TOO_MANY_MAILS);
  await sendMail(existingAccountMail(email.trim(), { login: `${site}/login`, forgot: `${site}/forgot-password` }));
}

export async function resendVerification(user: UserRecord): Promise<void> {
  if (emailVerifiedOf(user)) throw new BadRequestError('Your email is already confirmed.');
  await sendVerification(user);
}

export const EMAIL_IN_USE = 'An account with this email already exists.';

/** POST /account/email: checks the password, then mails a link to the new address; nothing changes until it is followed. */
export async function requestEmailChange({
  user,
  newEmail,
  password,
  address,
}: {
  user: UserRecord;
  newEmail: string;
  password: string;
  address: string;
}): Promise<void> {
  await checkPassword({ user, password, address, wrong: 'Your password is incorrect.' });
  if (normaliseEmail(newEmail) === normaliseEmail(user.email)) throw new BadRequestError('This is already your email address.');
  if (await emailOwner(newEmail)) throw new ConflictError(EMAIL_IN_USE);
  const site = linkBase();
  await consume(recipientWindow(newEmail), TOO_MANY_MAILS);
  const { token, puts } = newToken('change_email', { user_id: user.id, email: newEmail.trim() }, VERIFY_HOURS * 3600);
  await transact(puts);
  await sendMail(emailChangeMail(newEmail.trim(), `${site}/verify-email?token=${token}`));
}

/**
 * POST /account/email/verify: one route for both kinds of link. A new account's link marks the
 * email confirmed. An email-change link switches the address in one transaction (new claim, old
 * claim freed, users index, every session ended), and the old address gets a notice.
 */
export async function followEmailLink(token: string): Promise<{ email: string; changed: boolean }> {
  let item: TokenItem & { user_id: string };
  try {
    item = await readToken(token, 'change_email', VERIFY_LINK);
  } catch (error) {
    if (!(error instanceof BadRequestError) || error.detail !== VERIFY_LINK.invalid) throw error;
    item = await readToken(token, 'verify_email', VERIFY_LINK);
  }
  const user = await getUser(item.user_id);
  if (!user) throw new BadRequestError(VERIFY_LINK.invalid);
  if (item.purpose === 'verify_email') {
    if (normaliseEmail(user.email) !== item.email) throw new BadRequestError(VERIFY_LINK.invalid);
    await transact([
      failing(useToken(token), () => new BadRequestError(VERIFY_LINK.used)),
      failing(userParts.verifyEmail(user), () => new BadRequestError(VERIFY_LINK.invalid)),
    ]);
    return { email: user.email, changed: false };
  }
  const changed = () => new ConflictError('Your email was changed by another request. Please ask for a new link.');
  const emailSwitch = userParts.switchEmail(user, item.email);
  await transact([
    failing(useToken(token), () => new BadRequestError(VERIFY_LINK.used)),
    failing(emailSwitch.claim, () => new ConflictError(EMAIL_IN_USE)),
    failing(emailSwitch.release, changed),
    failing(emailSwitch.user, changed),
  ]);
  await notify(user, emailChangedNoticeMail(user.email, item.email));
  // The sign-in lock counted under the old address does not follow the account; nothing to move.
  return { email: item.email, changed: true };
}
