import type { Validate } from 'react-hook-form';
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/contract/auth';
import { Email } from '@shared/contract/common';

/**
 * Field rules for react-hook-form (`register(name, { validate })`), one place for what several
 * forms check before sending. Where the contract has the field's schema, the rule is that schema:
 * the form refuses what the API would refuse, with the API's own words.
 */

/** A `validate` rule from a contract schema: true, or the schema's first message. */
export function schemaRule(schema: z.ZodMiniType): Validate<string, unknown> {
  return (value) => {
    const result = z.safeParse(schema, value);
    return result.success || (result.error.issues[0]?.message ?? false);
  };
}

/** An email address as the contract takes it (trimmed, the simple pattern of docs/product.md). */
export const emailRule = schemaRule(Email);

export const PASSWORD_MESSAGES = {
  short: `Password must be at least ${PASSWORD_MIN} characters.`,
  long: `Password must be at most ${PASSWORD_MAX} characters.`,
  differ: 'Passwords do not match.',
} as const;

/**
 * A new password's length. The list of common passwords stays with the server, which answers
 * with its detail, as it did before the forms checked anything.
 */
export const newPasswordRule: Validate<string, unknown> = (value) =>
  value.length < PASSWORD_MIN ? PASSWORD_MESSAGES.short : value.length > PASSWORD_MAX ? PASSWORD_MESSAGES.long : true;

/** A password confirmation: it must equal the value of `field`. */
export const samePassword =
  <Values>(field: keyof Values): Validate<string, Values> =>
  (value, values) =>
    value === values[field] || PASSWORD_MESSAGES.differ;
