import * as z from 'zod/mini';
import { safeLine, safeText } from './common';

export const DIRECTIVE_MAX = 10_000;
export const SNIPPET_NAME_MAX = 100;
export const SNIPPET_CONTENT_MAX = 20_000;
export const PROFILE_KEY_MAX = 100;
export const PROFILE_VALUE_MAX = 5_000;
/** Profile values live on the user item; this keeps it far below DynamoDB's 400 KB. */
export const PROFILE_VALUES_MAX = 50;

const Directive = (label: string) =>
  z._default(z.string().check(z.maxLength(DIRECTIVE_MAX, `${label} must be at most ${DIRECTIVE_MAX} characters.`), safeText(label)), '');

export const Directives = z.strictObject({
  global_prompt_prefix: Directive('Global Prompt Prefix'),
  global_prompt_suffix: Directive('Global Prompt Suffix'),
});
export type Directives = z.infer<typeof Directives>;

export const SnippetInput = z.strictObject({
  snippet_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Snippet name is required.'),
      z.maxLength(SNIPPET_NAME_MAX, `Snippet name must be at most ${SNIPPET_NAME_MAX} characters.`),
      safeLine('Snippet name'),
    ),
  snippet_content: z.string().check(
    z.refine((c: string) => c.trim().length > 0, 'Snippet content is required.'),
    z.maxLength(SNIPPET_CONTENT_MAX, `Snippet content must be at most ${SNIPPET_CONTENT_MAX} characters.`),
    safeText('Snippet content'),
  ),
});
export type SnippetInput = z.infer<typeof SnippetInput>;

export const Snippet = z.object({ id: z.string(), snippet_name: z.string(), snippet_content: z.string() });
export type Snippet = z.infer<typeof Snippet>;
export const SnippetList = z.array(Snippet);

/** PROFILE variable values (key → value), stored with the user. */
export const ProfileValues = z.object({ values: z.record(z.string(), z.string()) });
export type ProfileValues = z.infer<typeof ProfileValues>;

export const ProfileKey = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Profile key is required.'),
    z.maxLength(PROFILE_KEY_MAX, `Profile key must be at most ${PROFILE_KEY_MAX} characters.`),
    safeLine('Profile key'),
  );

export const ProfileValueInput = z.strictObject({
  value: z.string().check(
    z.refine((v: string) => v.trim().length > 0, 'Value is required.'),
    z.maxLength(PROFILE_VALUE_MAX, `Value must be at most ${PROFILE_VALUE_MAX} characters.`),
    safeText('Value'),
  ),
});
