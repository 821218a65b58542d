import * as z from 'zod/mini';
import { PASSWORD_MAX, Password } from './auth';
import { Email, safeLine, Tier } from './common';

/** Accounts: password reset and change, sessions, the account page, email change, export, deletion. */

const CurrentPassword = z
  .string()
  .check(z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`));
/** Links carry 43 base64url characters; a bound keeps junk out of the key lookup. */
const LinkToken = z.string().check(z.trim(), z.minLength(1, 'The link has no token.'), z.maxLength(200, 'This link is not valid.'));

/** POST /auth/password/forgot → 202 with the same body whether or not the account exists. */
export const ForgotPasswordRequest = z.strictObject({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
export const FORGOT_PASSWORD_ACCEPTED = 'If an account exists for this email, we sent a link to reset its password. It works for 30 minutes.';

/** POST /auth/password/reset → 204. */
export const ResetPasswordRequest = z.strictObject({ token: LinkToken, password: Password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Whether the change also revokes every API key (default: it does; a key made before then stops working). */
const RevokeApiKeys = z._default(z.boolean(), true);

/** PUT /auth/password → 200 with a fresh token (TokenResponse). */
export const ChangePasswordRequest = z.strictObject({ current_password: CurrentPassword, new_password: Password, revoke_api_keys: RevokeApiKeys });
export type ChangePasswordInput = z.input<typeof ChangePasswordRequest>;

/** POST /auth/logout-all → 204; the body may be left out (every key is revoked then too). */
export const LogoutAllRequest = z.strictObject({ revoke_api_keys: RevokeApiKeys });
export type LogoutAllRequest = z.input<typeof LogoutAllRequest>;
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** A plan meter: `limit` null when the plan has no limit. */
export const Meter = z.object({ used: z.number(), limit: z.nullable(z.number()) });
export type Meter = z.infer<typeof Meter>;

/** GET /account, PUT /account. */
export const Account = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  access_tier: Tier,
  is_admin: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  usage: z.object({ prompts: Meter, categories: Meter, snippets: Meter, runs_today: Meter }),
  /** Present when the account cannot be deleted now: a team with other members needs this person (DELETE /account answers the same 409). */
  delete_blocked: z.optional(z.string()),
});
export type Account = z.infer<typeof Account>;

const Name = (label: string, min: number) =>
  z.string().check(z.trim(), z.minLength(min, `${label} is required.`), z.maxLength(100, `${label} must be at most 100 characters.`), safeLine(label));
export const UpdateAccountRequest = z.strictObject({ first_name: Name('First name', 1), last_name: z._default(Name('Last name', 0), '') });
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequest>;

/** POST /account/email → 202; the switch happens when the link mailed to the new address is followed. */
export const ChangeEmailRequest = z.strictObject({ new_email: Email, password: CurrentPassword });
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;

/** POST /account/email/verify: the token of a verification or email-change link → 200. */
export const VerifyEmailRequest = z.strictObject({ token: LinkToken });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
export const VerifyEmailResponse = z.object({ email: z.string(), changed: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** DELETE /account → 204. */
export const DeleteAccountRequest = z.strictObject({ password: CurrentPassword });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** The body of every 202 (a mail is on its way). */
export const Accepted = z.object({ detail: z.string() });
export type Accepted = z.infer<typeof Accepted>;
