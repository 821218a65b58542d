import * as z from 'zod/mini';
import { TIERS } from '../tiers';

/** Every error body: a human-readable `detail`, plus field problems for validation errors. */
export const ErrorBody = z.object({
  detail: z.string(),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Tier = z.enum(TIERS);

/** The simple pattern of docs/product.md: text, @, text, dot, text (no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = 'Please enter a valid email address.';

export const Email = z.string().check(
  z.trim(),
  z.maxLength(254, 'Email must be at most 254 characters.'),
  z.regex(EMAIL_PATTERN, EMAIL_MESSAGE),
  z.refine((value: string) => isSafeLine(value), EMAIL_MESSAGE),
);

/** Generic size guard for free text so an item stays far below DynamoDB's 400 KB. */
export const text = (field: string, max: number) => z.string().check(z.maxLength(max, `${field} must be at most ${max} characters.`), safeText(field));

/**
 * Characters no stored text may carry, whatever the field (OWASP ASVS 5.1: validate against what
 * the field allows): NUL and the other C0 controls except tab, line feed and carriage return,
 * DEL, and lone UTF-16 surrogates (half of an emoji, which no UTF-8 store or JSON peer can keep).
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
/**
 * What one-line names may not carry on top: every control (tabs and line breaks included, C1 too),
 * the line and paragraph separators, and the bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which reorder what follows them on screen, so a title or a name
 * could show text reversed or pose as another name in a list. Long text (prompt bodies, snippets)
 * keeps them: right-to-left writers use isolates, and nothing lists a body as a name.
 */
const LINE_ONLY = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const UNSAFE_LINE_MESSAGE = (field: string) => `${field} must not contain control characters, text-direction overrides or broken characters.`;
export const UNSAFE_TEXT_MESSAGE = (field: string) => `${field} must not contain control characters or broken characters.`;

/** True when `value` is fine as a one-line name (title, name, email, tag, key). */
export const isSafeLine = (value: string) => !LINE_ONLY.test(value) && !LONE_SURROGATE.test(value);
/** True when `value` is fine as long text (tab and line breaks allowed). */
export const isSafeText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

/** The check to add to every one-line string field of the contract: `z.string().check(safeLine('Title'), ...)`. */
export const safeLine = (field: string) => z.refine<string>((value) => isSafeLine(value), UNSAFE_LINE_MESSAGE(field));
/** The check to add to every multi-line text field of the contract (bodies, snippet content, values). */
export const safeText = (field: string) => z.refine<string>((value) => isSafeText(value), UNSAFE_TEXT_MESSAGE(field));
