import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as account from '@shared/contract/account';
import { EVENT_TYPES } from '@shared/contract/activity';
import * as admin from '@shared/contract/admin';
import * as apiKeys from '@shared/contract/api-keys';
import * as auth from '@shared/contract/auth';
import * as billing from '@shared/contract/billing';
import { EMAIL_PATTERN, isSafeLine } from '@shared/contract/common';
import { COMMON_PASSWORD_MESSAGE, COMMON_PASSWORDS } from '@shared/contract/common-passwords';
import * as compare from '@shared/contract/compare';
import * as connections from '@shared/contract/connections';
import * as context from '@shared/contract/context';
import * as evaluations from '@shared/contract/evaluations';
import { contractOf } from '@shared/contract/index';
import * as library from '@shared/contract/library';
import * as openaiImport from '@shared/contract/openai-import';
import * as prompts from '@shared/contract/prompts';
import * as registry from '@shared/contract/registry';
import * as reviews from '@shared/contract/reviews';
import * as runs from '@shared/contract/run';
import * as suite from '@shared/contract/suite';
import * as teams from '@shared/contract/teams';
import * as transfer from '@shared/contract/transfer';
import * as versions from '@shared/contract/versions';
import * as webhooks from '@shared/contract/webhooks';
import { ROUTES, routeKey } from '@shared/routes';
import { TIERS } from '@shared/tiers';

/**
 * Property-based tests of the request contract: every schema a handler validates with takes any
 * JSON without throwing, accepts every well-formed input, and (where strict) refuses unknown keys,
 * prototype keys included, so a client can never smuggle a field past validation.
 */
const RUNS = { numRuns: 200 };

// ---- arbitraries for well-formed values -----------------------------------------------------------

/**
 * Text with at least one visible character, within `max` after trimming, free of what the
 * contract refuses on one line (controls, line separators, direction overrides; see safeLine).
 */
const text = (max: number) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme', maxLength: 3 }).map((s) => s.replace(/\S/g, ' ')),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 40) }),
      fc.constantFrom('', ' ', '\n'),
    )
    .map(([pad, core, end]) => pad + (core.trim() ? core : `x${core}`).slice(0, max - 1).trimEnd() + end)
    .filter((s) => s.trim().length > 0 && s.trim().length <= max && isSafeLine(s.trim()));
const longText = (max: number) => fc.integer({ min: 1, max }).map((n) => 'w'.repeat(n));
const email = fc.emailAddress().filter((e) => EMAIL_PATTERN.test(e) && e.length <= 254);
const password = fc
  .string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 128 })
  .filter((p) => p.length >= 8 && p.length <= 128 && !COMMON_PASSWORDS.includes(p.toLowerCase()));
const tier = fc.constantFrom(...TIERS);
/** Library tags are arrays of non-blank names (no comma-separated form). */
const libraryTags = fc.array(text(60), { maxLength: 20 });
const tags = fc.oneof(
  fc.array(fc.string({ maxLength: 60 }), { maxLength: 20 }),
  fc.array(fc.stringMatching(/^[a-z ]{0,20}$/), { maxLength: 5 }).map((t) => t.join(',')),
);
const categoryRef = fc.oneof(fc.constant(null), fc.constant(''), fc.uuid());
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const record = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(shape).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));

/** A chat prompt's content: messages (one with text first, placeholders named apart) and settings. */
const contentMessage = record({ role: fc.constantFrom('system', 'user', 'assistant'), content: text(300) });
const messages = fc
  .tuple(contentMessage, fc.array(fc.oneof(contentMessage, fc.constant({ role: 'placeholder' })), { maxLength: 4 }))
  .map(([first, rest]) => [first, ...rest.map((m, i) => (m.role === 'placeholder' ? { role: 'placeholder', name: `history_${i}` } : m))]);
const toolName = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const config = record({
  model: optional(text(60)),
  temperature: optional(fc.double({ min: 0, max: 2, noNaN: true })),
  top_p: optional(fc.double({ min: 0, max: 1, noNaN: true })),
  max_tokens: optional(fc.integer({ min: 1, max: 1_000_000 })),
  stop: optional(fc.array(text(20), { maxLength: 4 })),
  response_format: optional(
    fc.oneof(
      fc.constant({ type: 'text' }),
      fc.constant({ type: 'json_object' }),
      record({ type: fc.constant('json_schema'), name: toolName, schema: fc.constant({ type: 'object' }), strict: optional(fc.boolean()) }),
    ),
  ),
  tools: optional(
    fc.uniqueArray(record({ name: toolName, description: optional(text(100)), parameters: fc.constant({ type: 'object' }) }), {
      selector: (t) => t.name,
      maxLength: 3,
    }),
  ),
  tool_choice: optional(fc.constantFrom('auto', 'none')),
});
const chatContent = { kind: fc.constant('chat'), messages, config: optional(config) };

/** An example's fields (examples and checks: shared/contract/suite.ts). */
const exampleShape = () => ({
  inputs: fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,19}$/), fc.oneof(fc.constant(''), text(200)), { maxKeys: 5 }),
  history: optional(fc.array(record({ role: fc.constantFrom('system', 'user', 'assistant'), content: text(200) }), { minLength: 1, maxLength: 3 })),
  expected: optional(fc.oneof(fc.constant(null), text(500))),
  rating: optional(fc.constantFrom(null, 'good', 'bad')),
  note: optional(fc.oneof(fc.constant(null), text(200))),
});
/** Well-formed inputs per request schema, keyed by schema name. */
const VALID: Record<string, [z.ZodMiniType, fc.Arbitrary<unknown>]> = {
  RegisterRequest: [auth.RegisterRequest, record({ first_name: text(100), last_name: optional(fc.string({ maxLength: 100 })), email, password })],
  LoginForm: [auth.LoginForm, record({ username: text(254), password: fc.string({ minLength: 1, maxLength: 128 }) })],
  PromptInput: [
    prompts.PromptInput,
    fc.oneof(
      record({
        title: text(140),
        body: fc.oneof(text(200), longText(20_000)),
        config: optional(config),
        category_id: optional(categoryRef),
        tasks: optional(tags),
        industries: optional(tags),
        is_favorite: optional(fc.boolean()),
      }),
      record({ title: text(140), ...chatContent, category_id: optional(categoryRef), tasks: optional(tags), is_favorite: optional(fc.boolean()) }),
    ),
  ],
  PromptUpdate: [
    prompts.PromptUpdate,
    fc.oneof(
      record({ is_favorite: fc.boolean() }),
      record({
        title: text(140),
        body: text(500),
        category_id: optional(categoryRef),
        tasks: optional(tags),
        industries: optional(tags),
        is_favorite: optional(fc.boolean()),
      }),
      record({ title: text(140), ...chatContent, source: optional(fc.constantFrom('edit', 'enhance')) }),
    ),
  ],
  ForkRequest: [library.ForkRequest, record({ category_id: optional(categoryRef) })],
  LibraryRatingInput: [library.LibraryRatingInput, record({ stars: fc.integer({ min: 1, max: 5 }) })],
  CopyRequest: [prompts.CopyRequest, record({ to: fc.option(fc.uuid(), { nil: null }), move: optional(fc.boolean()) })],
  LibraryPromptEdit: [
    library.LibraryPromptEdit,
    fc.oneof(
      record({
        title: text(140),
        body: fc.oneof(text(200), longText(20_000)),
        tasks: optional(libraryTags),
        industries: optional(libraryTags),
        access_tier: tier,
      }),
      record({ title: text(140), ...chatContent, access_tier: tier }),
    ),
  ],
  ImportRequest: [
    transfer.ImportRequest,
    record({
      document: record({
        format: fc.constant(transfer.EXPORT_FORMAT),
        version: fc.constant(transfer.EXPORT_VERSION),
        exported_at: optional(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
        categories: optional(fc.array(record({ name: text(60) }), { maxLength: 5 })),
        prompts: fc.array(
          record({
            title: text(140),
            body: text(500),
            category: optional(fc.oneof(fc.constant(null), text(60))),
            tasks: optional(tags),
            industries: optional(tags),
            is_favorite: optional(fc.boolean()),
            created_at: optional(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString())),
          }),
          { maxLength: 5 },
        ),
      }),
      dry_run: optional(fc.boolean()),
    }),
  ],
  // What POST /prompts/import parses first: any document (checked on its own next) and the flag.
  ImportEnvelope: [transfer.ImportEnvelope, record({ document: fc.jsonValue(), dry_run: optional(fc.boolean()) })],
  OpenAiImportRequest: [
    openaiImport.OpenAiImportRequest,
    record({ paste: fc.oneof(text(500), longText(20_000)), instructions: optional(longText(2000)), title: optional(text(200)) }),
  ],
  CategoryInput: [prompts.CategoryInput, record({ name: text(60) })],
  EnhanceRequest: [prompts.EnhanceRequest, record({ prompt_body: text(500), enhancement_type: fc.constant('clarify') })],
  RunRequest: [
    runs.RunRequest,
    fc.oneof(
      record({ text: fc.oneof(text(500), longText(runs.RUN_TEXT_MAX)), prompt_id: optional(fc.string({ maxLength: 64 })) }),
      record({
        messages: fc.array(record({ role: fc.constantFrom('system', 'user', 'assistant'), content: text(500) }), { minLength: 1, maxLength: 8 }),
        config: optional(record({ model: optional(text(40)), temperature: optional(fc.double({ min: 0, max: 2, noNaN: true })) })),
        connection_id: optional(fc.oneof(fc.constant(null), fc.uuid())),
        prompt_id: optional(fc.uuid()),
        version: optional(fc.integer({ min: 1, max: 999_999 })),
      }),
    ),
  ],
  ConnectionInput: [
    connections.ConnectionInput,
    fc.oneof(
      record({
        name: text(60),
        provider: fc.constantFrom('openai', 'anthropic'),
        base_url: optional(fc.webUrl()),
        api_key: fc.stringMatching(/^\S{1,200}$/),
        models: optional(fc.uniqueArray(fc.stringMatching(/^[a-z0-9.-]{1,40}$/), { maxLength: 50 })),
      }),
      record({ name: text(60), provider: fc.constant('openai_compatible'), base_url: fc.webUrl(), api_key: fc.stringMatching(/^\S{1,200}$/) }),
    ),
  ],
  Directives: [context.Directives, record({ global_prompt_prefix: optional(fc.string({ maxLength: 200 })), global_prompt_suffix: optional(longText(10_000)) })],
  SnippetInput: [context.SnippetInput, record({ snippet_name: text(100), snippet_content: text(500) })],
  ProfileValueInput: [context.ProfileValueInput, record({ value: text(5_000) })],
  PublishRequest: [
    admin.PublishRequest,
    record({ prompt_id: fc.uuid(), category_id: optional(fc.oneof(fc.constant(null), fc.string({ maxLength: 100 }))), access_tier: optional(tier) }),
  ],
  ApiKeyInput: [apiKeys.ApiKeyInput, record({ name: text(60), password: fc.string({ minLength: 1, maxLength: 128 }) })],
  TeamInput: [teams.TeamInput, record({ name: text(60) })],
  InviteInput: [teams.InviteInput, record({ email, role: fc.constantFrom(...teams.INVITE_ROLES) })],
  RoleInput: [teams.RoleInput, record({ role: fc.constantFrom(...teams.TEAM_ROLES) })],
  ExampleInput: [suite.ExampleInput, record({ ...exampleShape(), source: optional(fc.constantFrom('manual', 'run')) })],
  ExampleReplace: [suite.ExampleReplace, record(exampleShape())],
  ExamplesImport: [suite.ExamplesImport, record({ format: fc.constantFrom(...suite.EXAMPLE_FORMATS), content: text(500) })],
  ChecksInput: [
    suite.ChecksInput,
    record({
      checks: fc.array(
        record({
          kind: fc.constantFrom(...suite.CHECK_KINDS),
          value: optional(fc.oneof(text(100), fc.integer({ min: 0, max: 1000 }))),
          name: optional(fc.oneof(fc.constant(null), text(100))),
        }),
        { maxLength: 5 },
      ),
    }),
  ],
  LibrarySuiteInput: [
    suite.LibrarySuiteInput,
    record({
      checks: fc.array(record({ id: optional(fc.uuid()), kind: fc.constantFrom(...suite.CHECK_KINDS), value: optional(text(100)) }), { maxLength: 3 }),
      examples: fc.array(record({ ...exampleShape(), id: optional(fc.uuid()) }), { maxLength: 3 }),
    }),
  ],
  CompareInput: [
    compare.CompareInput,
    record({
      columns: fc.array(record({ version: fc.integer({ min: 1, max: 999 }), model: optional(text(50)) }), { minLength: 2, maxLength: 4 }),
      variables: optional(fc.dictionary(fc.stringMatching(/^[a-z]{1,10}$/), text(100), { maxKeys: 3 })),
      blind: optional(fc.boolean()),
    }),
  ],
  VoteInput: [
    compare.VoteInput,
    record({
      winner: record({ version: fc.integer({ min: 1, max: 999 }) }),
      loser: record({ model: text(50).filter((m) => m.length > 0), column: optional(fc.constantFrom(...compare.COLUMN_IDS)) }),
      tie: optional(fc.boolean()),
      inputs_hash: fc.stringMatching(/^[0-9a-f]{1,64}$/),
      compare_id: optional(fc.stringMatching(/^[0-9a-z]{1,30}$/)),
    }),
  ],
  FeedbackInput: [
    compare.FeedbackInput,
    record({ version: fc.integer({ min: 1, max: 999 }), rating: fc.constantFrom('up', 'down'), note: optional(text(500)) }),
  ],
  EvaluationInput: [
    evaluations.EvaluationInput,
    record({
      columns: fc.array(
        fc.oneof(
          record({ version: fc.integer({ min: 1, max: 999 }), model: optional(text(50)) }),
          record({ label: fc.stringMatching(/^[a-z][a-z0-9_-]{0,19}$/).filter((l) => l !== 'latest') }),
          record({ draft: record({ body: text(500), config: optional(record({ temperature: fc.double({ min: 0, max: 2, noNaN: true }) })) }) }),
          record({
            draft: record({
              kind: fc.constant('chat'),
              messages: fc.array(record({ role: fc.constant('user'), content: text(200) }), { minLength: 1, maxLength: 3 }),
            }),
            connection_id: optional(fc.option(fc.stringMatching(/^[0-9a-z]{1,30}$/))),
          }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      examples: optional(fc.array(fc.string({ maxLength: 64 }), { minLength: 1, maxLength: 5 })),
    }),
  ],
  LabelProtectionInput: [
    suite.LabelProtectionInput,
    record({ require_checks: fc.boolean(), min_pass_rate: optional(fc.double({ min: 0, max: 1, noNaN: true })), require_review: optional(fc.boolean()) }),
  ],
  WebhookInput: [
    webhooks.WebhookInput,
    record({
      url: fc.webUrl(),
      events: fc.uniqueArray(fc.constantFrom(...EVENT_TYPES), { minLength: 1 }),
      format: optional(fc.constantFrom(...webhooks.WEBHOOK_FORMATS)),
      description: optional(fc.string({ maxLength: 200 })),
    }),
  ],
  WebhookUpdate: [
    webhooks.WebhookUpdate,
    record({
      url: optional(fc.webUrl()),
      events: optional(fc.uniqueArray(fc.constantFrom(...EVENT_TYPES), { minLength: 1 })),
      format: optional(fc.constantFrom(...webhooks.WEBHOOK_FORMATS)),
      description: optional(fc.string({ maxLength: 200 })),
      active: optional(fc.boolean()),
    }),
  ],
  ReviewInput: [
    reviews.ReviewInput,
    record({
      version: fc.integer({ min: 1, max: 999_999 }),
      label: fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,39}$/).filter((l) => l !== 'latest'),
      note: optional(fc.string({ maxLength: 2_000 })),
      reviewers: optional(fc.array(fc.uuid(), { maxLength: 10 })),
    }),
  ],
  ChangesRequest: [reviews.ChangesRequest, record({ note: fc.string({ minLength: 1, maxLength: 2_000 }).filter((n) => n.trim().length > 0) })],
  LabelInput: [versions.LabelInput, record({ version: fc.integer({ min: 1, max: 999_999 }), force: optional(fc.boolean()) })],
  PushRequest: [
    registry.PushRequest,
    fc.oneof(
      record({
        base_version: fc.integer({ min: 1, max: 999_999 }),
        title: optional(text(140)),
        body: fc.oneof(text(200), longText(20_000)),
        config: optional(config),
      }),
      record({ base_version: fc.integer({ min: 1, max: 999_999 }), title: optional(text(140)), ...chatContent }),
    ),
  ],
  RegistryEvaluationInput: [
    registry.RegistryEvaluationInput,
    fc.oneof(
      record({ version: optional(fc.integer({ min: 1, max: 999_999 })) }),
      record({ label: fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,39}$/).filter((l) => l !== 'latest') }),
    ),
  ],
  CompileRequest: [
    registry.CompileRequest,
    record({
      variables: optional(fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 100 }), { maxKeys: 5 })),
      label: optional(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,39}$/).filter((l) => l !== 'latest')),
      version: optional(fc.integer({ min: 1, max: 999_999 })),
      directives: optional(fc.boolean()),
      history: optional(
        fc.oneof(
          fc.array(record({ role: fc.constantFrom('system', 'user', 'assistant'), content: fc.string({ maxLength: 50 }) }), { maxLength: 3 }),
          fc.dictionary(
            fc.stringMatching(/^[a-z_]{1,10}$/),
            fc.array(record({ role: fc.constant('user'), content: fc.string({ maxLength: 50 }) }), { maxLength: 2 }),
            {
              maxKeys: 2,
            },
          ),
        ),
      ),
    }),
  ],
  TierChange: [admin.TierChange, record({ access_tier: tier })],
  LibraryCategoryInput: [admin.LibraryCategoryInput, record({ name: text(60) })],
  AdminUserCreate: [
    admin.AdminUserCreate,
    record({
      email,
      password,
      first_name: optional(text(100)),
      last_name: optional(fc.string({ maxLength: 100 })),
      is_admin: optional(fc.boolean()),
      access_tier: tier,
    }),
  ],
  AdminUserUpdate: [admin.AdminUserUpdate, record({ is_admin: optional(fc.boolean()), access_tier: optional(tier) })],
  ForgotPasswordRequest: [account.ForgotPasswordRequest, record({ email })],
  ResetPasswordRequest: [account.ResetPasswordRequest, record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), password })],
  ChangePasswordRequest: [
    account.ChangePasswordRequest,
    record({ current_password: fc.string({ minLength: 1, maxLength: 128 }), new_password: password, revoke_api_keys: optional(fc.boolean()) }),
  ],
  LogoutAllRequest: [account.LogoutAllRequest, record({ revoke_api_keys: optional(fc.boolean()) })],
  UpdateAccountRequest: [account.UpdateAccountRequest, record({ first_name: text(100), last_name: optional(fc.string({ maxLength: 100 })) })],
  ChangeEmailRequest: [account.ChangeEmailRequest, record({ new_email: email, password: fc.string({ minLength: 1, maxLength: 128 }) })],
  VerifyEmailRequest: [account.VerifyEmailRequest, record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) })],
  DeleteAccountRequest: [account.DeleteAccountRequest, record({ password: fc.string({ minLength: 1, maxLength: 128 }) })],
  CheckoutRequest: [billing.CheckoutRequest, record({ plan: fc.constantFrom(...billing.PAID_PLANS) })],
  LibraryQuery: [
    library.LibraryQuery,
    record({
      search: optional(fc.string({ maxLength: 200 })),
      category: optional(fc.string({ maxLength: 100 })),
      tasks: optional(fc.string({ maxLength: 200 })),
      industries: optional(fc.string({ maxLength: 200 })),
      page: optional(fc.integer({ min: 1, max: 999_999 }).map(String)),
      page_size: optional(fc.integer({ min: 1, max: 999 }).map(String)),
    }),
  ],
  LibraryEntry: [
    library.LibraryEntry,
    record({
      id: optional(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,79}$/)),
      title: text(140),
      body: text(500),
      category: optional(fc.oneof(fc.constant(null), text(60))),
      tasks: optional(fc.array(text(60), { maxLength: 20 })),
      industries: optional(fc.array(text(60), { maxLength: 20 })),
      access_tier: optional(tier),
    }),
  ],
};

/** Schemas whose unknown keys are allowed on purpose: the OAuth2 login form carries grant_type, scope... */
const LENIENT = new Set(['LoginForm', 'LibraryQuery']);

const schemaName = (schema: unknown) => Object.entries(VALID).find(([, [s]]) => s === schema)?.[0];

/** The keys a strict object schema knows (both branches for a union). */
function knownKeys(schema: z.ZodMiniType): string[] {
  const def = (schema as any)._zod.def;
  if (def.type === 'union') return def.options.flatMap((o: z.ZodMiniType) => knownKeys(o));
  return Object.keys(def.shape ?? {});
}

// ---- properties -----------------------------------------------------------------------------------

describe('request contract: properties', () => {
  it('has a generator for every request schema a route validates with', () => {
    const missing = ROUTES.map(routeKey).filter((route) => {
      const { request, parsedAs } = contractOf(route) ?? {};
      return [request, parsedAs].some((schema) => schema && !schemaName(schema));
    });
    expect(missing).toEqual([]);
  });

  describe.each(Object.entries(VALID))('%s', (_name, [schema, valid]) => {
    it('never throws on arbitrary JSON, and refuses what is not an object', () => {
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), fc.object(), fc.anything()), (input) => {
          const result = schema.safeParse(input);
          if (input === null || typeof input !== 'object' || Array.isArray(input)) expect(result.success).toBe(false);
        }),
        RUNS,
      );
    });

    it('accepts every well-formed input', () => {
      fc.assert(
        fc.property(valid, (input) => {
          const result = schema.safeParse(input);
          expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
        }),
        RUNS,
      );
    });
  });

  describe.each(Object.entries(VALID).filter(([name]) => !LENIENT.has(name)))('%s (strict)', (_, [schema, valid]) => {
    it('refuses any unknown key, prototype keys included', () => {
      const known = new Set(knownKeys(schema));
      const extra = fc
        .oneof(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'is_admin', 'access_tier', 'user_id', 'id', 'owner_email', 'password_hash', 'pk'),
          fc.string({ minLength: 1, maxLength: 20 }),
        )
        .filter((k) => !known.has(k));
      fc.assert(
        fc.property(valid, extra, fc.jsonValue(), (input, key, value) => {
          // JSON.parse makes "__proto__" an own key, exactly as a request body arrives.
          const body = JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value) ?? 'null'}, ${JSON.stringify(input).slice(1)}`.replace(/, }$/, '}'));
          expect(schema.safeParse(body).success).toBe(false);
        }),
        RUNS,
      );
    });
  });
});

describe('passwords', () => {
  it.each([
    ['RegisterRequest', (password: string) => auth.RegisterRequest.safeParse({ first_name: 'A', email: 'a@example.com', password })],
    ['AdminUserCreate', (password: string) => admin.AdminUserCreate.safeParse({ email: 'a@example.com', password, access_tier: 'free' })],
  ])('%s refuses every listed common password, in any letter case, with the detail', (_, parse) => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(150);
    for (const common of COMMON_PASSWORDS) {
      for (const variant of [common, common.toUpperCase(), common[0]!.toUpperCase() + common.slice(1)]) {
        const result = parse(variant);
        expect(result.success, variant).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toContain(COMMON_PASSWORD_MESSAGE);
      }
    }
    expect(parse('correct-horse-battery').success).toBe(true);
    expect(parse('p'.repeat(8)).success).toBe(true);
    expect(parse('Ω'.repeat(64)).success).toBe(true);
  });

  it('lists only passwords the length rule would otherwise accept', () => {
    expect(COMMON_PASSWORDS.filter((p) => p.length < auth.PASSWORD_MIN || p !== p.toLowerCase())).toEqual([]);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
  });
});
