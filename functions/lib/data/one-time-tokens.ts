import { createHash, randomBytes } from 'node:crypto';
import { BadRequestError } from '../http/errors';
import { getItem } from './db';
import { OUTSIDE_REF_SK, outsideRef, personalPk } from './keys';
import type { Part } from './transactions';

/**
 * Single-use tokens for emailed links (password reset, email verification, email change).
 * The link carries 32 random bytes; the table keeps only their SHA-256 (`TOKEN#<hash>` / `TOKEN`),
 * so a leaked table or backup opens no account. Redeeming marks the item used in the same
 * transaction as the change it allows (its condition makes two redemptions race to one winner).
 * A used or expired item stays until TTL removes it a week later, so the answer can say which.
 *
 * A token of a user is also noted in the user's partition (`XREF#TOKEN#<hash>`, see outsideRef in
 * keys.ts), so deleting the account finds and deletes it with the rest (account-data.ts).
 */
export type TokenPurpose = 'password_reset' | 'verify_email' | 'change_email' | 'team_invite';

/**
 * What a team invitation's token carries (team-invites.ts): it is sent to an address, not a user, so
 * it has no `user_id`; the team partition's `INVITE#` item names it by its hash instead.
 */
export interface InviteFields {
  team_id: string;
  invite_id: string;
  role: 'editor' | 'viewer';
}

export interface TokenItem {
  pk: string;
  sk: string;
  type: 'one_time_token';
  purpose: TokenPurpose;
  /** Absent on a reset asked for an address without an account (such a token opens nothing), and on team invitations. */
  user_id?: string;
  /** The address the link was sent to (the new one for an email change). */
  email: string;
  /** Epoch seconds: the link works until then. */
  valid_until: number;
  /** Epoch ms when it was made (absent on tokens made before it was kept): a reset link works only for the password of then. */
  issued_at?: number;
  used_at?: string;
  /** TTL (epoch seconds). */
  expires_at: number;
}

export type InviteTokenItem = TokenItem & InviteFields;

const KEEP_AFTER_EXPIRY_SECONDS = 7 * 86_400;
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A token's item by the hash kept in its twin (a team invitation keeps it to revoke the link). */
export const tokenKeyOfHash = (hash: string) => ({ pk: `TOKEN#${hash}`, sk: 'TOKEN' });
export const tokenKey = (token: string) => tokenKeyOfHash(tokenHash(token));
const tokenRefKey = (userId: string, token: string) => ({ pk: personalPk(userId) as string, sk: `${OUTSIDE_REF_SK}TOKEN#${tokenHash(token)}` });

/** A new token and the transaction items that store it (token + the user's reference to it). */
export function newToken(
  purpose: TokenPurpose,
  fields: { user_id?: string; email: string } & Partial<InviteFields>,
  seconds: number,
): { token: string; puts: Part[]; item: TokenItem } {
  const token = randomBytes(32).toString('base64url');
  const issuedAt = Date.now();
  const validUntil = Math.floor(issuedAt / 1000) + seconds;
  const expires_at = validUntil + KEEP_AFTER_EXPIRY_SECONDS;
  const item: TokenItem = { ...tokenKey(token), type: 'one_time_token', purpose, ...fields, valid_until: validUntil, issued_at: issuedAt, expires_at };
  const puts: Part[] = [{ put: { Item: item } }];
  if (fields.user_id) puts.push({ put: { Item: { ...outsideRef(tokenRefKey(fields.user_id, token), item), expires_at } } });
  return { token, puts, item };
}

export interface TokenMessages {
  invalid: string;
  used: string;
  expired: string;
}

/** Tokens are 43 base64url characters; anything else was never issued. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Reads a token for `purpose` and says plainly what is wrong with it: never issued (or for another
 * purpose), already used, or expired — each a 400 with its own detail.
 */
export async function readToken(token: string, purpose: TokenPurpose, messages: TokenMessages): Promise<TokenItem & { user_id: string }> {
  const item = await findToken(token, purpose);
  if (!item?.user_id) throw new BadRequestError(messages.invalid);
  checkToken(item, messages);
  return item as TokenItem & { user_id: string };
}

/** The token's item for `purpose`, used or expired too (strongly read); undefined when never issued for it. */
export async function findToken(token: string, purpose: TokenPurpose): Promise<TokenItem | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const item = (await getItem(tokenKey(token), { consistent: true })) as TokenItem | undefined;
  return item?.purpose === purpose ? item : undefined;
}

/** 400 with its own detail when a token found was used or has expired. */
export function checkToken(item: TokenItem, messages: Omit<TokenMessages, 'invalid'>): void {
  if (item.used_at) throw new BadRequestError(messages.used);
  if (item.valid_until <= Math.floor(Date.now() / 1000)) throw new BadRequestError(messages.expired);
}

/** The transaction item that uses a token up: it fails when another request used it first or it expired meanwhile. */
export function useToken(token: string): Part {
  return {
    update: {
      Key: tokenKey(token),
      UpdateExpression: 'SET used_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used_at) AND valid_until > :epoch',
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':epoch': Math.floor(Date.now() / 1000) },
    },
  };
}

/** A token's item deleted by the hash its twin keeps (a team invitation revoked). */
export const dropToken = (hash: string): Part => ({ delete: { Key: tokenKeyOfHash(hash) } });
