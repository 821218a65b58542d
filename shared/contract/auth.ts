import * as z from 'zod/mini';
import { Email, safeLine, Tier } from './common';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only bounds hashing work per request. */
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

export const Password = z.string().check(
  z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  z.refine((password: string) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE),
);

/** POST /auth/register. The client splits the full name: first word, then the rest. */
export const RegisterRequest = z.strictObject({
  first_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'First name is required.'), z.maxLength(100, 'First name must be at most 100 characters.'), safeLine('First name')),
  last_name: z._default(z.string().check(z.trim(), z.maxLength(100, 'Last name must be at most 100 characters.'), safeLine('Last name')), ''),
  email: Email,
  password: Password,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** POST /auth/login, form-encoded as the OAuth2 password flow (`username` is the email). */
export const LoginForm = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email must be at most 254 characters.')),
  password: z.string().check(z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** The current user (GET /auth/me) and the user shape in admin lists. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  access_tier: Tier,
});
export type User = z.infer<typeof User>;

export const RegisterResponse = User;
