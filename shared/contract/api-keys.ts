import * as z from 'zod/mini';
import { PASSWORD_MAX } from './auth';
import { safeLine } from './common';

export const API_KEY_NAME_MAX = 60;
/** Keys per account: enough for every app and tool of one person, few enough to list on one screen. */
export const API_KEYS_MAX = 20;
/** Every key starts with this, so secret scanners and people recognise it. */
export const API_KEY_PREFIX = 'cst_';

/** POST /api-keys. */
export const ApiKeyInput = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name is required.'),
      z.maxLength(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters.`),
      safeLine('Name'),
    ),
  /** The account's password: a key opens the prompts to whoever holds it. */
  password: z.string().check(z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

/** A key as listed: never the key itself, only its first characters (`prefix`) to tell keys apart. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to POST /api-keys: the only time the whole key is shown. */
export const CreatedApiKey = z.object({ id: z.string(), name: z.string(), key: z.string(), prefix: z.string(), created_at: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey) });
