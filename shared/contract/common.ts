import * as z from 'zod/mini';
import { TIERS } from '../tiers';

/** Every error body: a human-readable `detail`, plus field problems for validation errors. */
export const ErrorBody = z.object({
  detail: z.string(),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Tier = z.enum(TIERS);

/** The simple pattern of spec section 5: text, @, text, dot, text (no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = 'Please enter a valid email address.';

export const Email = z.string().check(
  z.trim(),
  z.maxLength(254, 'Email must be at most 254 characters.'),
  z.regex(EMAIL_PATTERN, EMAIL_MESSAGE),
);

/** Generic size guard for free text so an item stays far below DynamoDB's 400 KB. */
export const text = (field: string, max: number) =>
  z.string().check(z.maxLength(max, `${field} must be at most ${max} characters.`));
