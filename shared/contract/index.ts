import * as z from 'zod/mini';
import type { RouteKey } from '../routes';
import {
  Accepted,
  Account,
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LogoutAllRequest,
  ResetPasswordRequest,
  UpdateAccountRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from './account';
import { ActivityList, ActivityQuery } from './activity';
import {
  ADMIN_PAGE_HEADERS,
  AdminPrompt,
  AdminPromptList,
  AdminPromptsQuery,
  AdminUserCreate,
  AdminUsersQuery,
  AdminUserUpdate,
  LibraryCategory,
  LibraryCategoryInput,
  LibraryCategoryList,
  OwnListQuery,
  PublishRequest,
  TierChange,
} from './admin';
import { ApiKeyInput, ApiKeyList, CreatedApiKey } from './api-keys';
import { LoginForm, RegisterRequest, RegisterResponse, TokenResponse, User } from './auth';
import { CheckoutRequest, CheckoutResponse, PortalResponse, WebhookAck } from './billing';
import { CompareInput, CompareSession, Feedback, FeedbackInput, Ratings, Vote, VoteInput } from './compare';
import { Connection, ConnectionInput, ConnectionList, ConnectionTest } from './connections';
import { Directives, ProfileValueInput, ProfileValues, Snippet, SnippetInput, SnippetList } from './context';
import { Evaluation, EvaluationCreated, EvaluationInput, EvaluationList, EvaluationResults, ResultsQuery } from './evaluations';
import { ForkRequest, LibraryFilters, LibraryPage, LibraryPrompt, LibraryPromptEdit, LibraryPromptText, LibraryQuery } from './library';
import { OpenAiImportRequest, OpenAiImportResult } from './openai-import';
import { Category, CategoryInput, CategoryList, CopyRequest, EnhanceRequest, EnhanceResponse, Prompt, PromptInput, PromptList, PromptUpdate } from './prompts';
import { CompileRequest, CompileResponse, RegistryList, RegistryPrompt, RegistryQuery, SharedPrompt, ShareLink } from './registry';
import { ChangesRequest, Review, ReviewInput, ReviewList } from './reviews';
import { RUN_EVENTS_TYPE, RUNS_REMAINING_HEADER, RunRequest } from './run';
import { PromptStats, StatsQuery } from './stats';
import {
  CheckList,
  ChecksInput,
  Example,
  ExampleInput,
  ExampleList,
  ExampleReplace,
  ExamplesExportQuery,
  ExamplesImport,
  ExamplesImported,
  LabelProtection,
  LabelProtectionInput,
} from './suite';
import { HealthResponse } from './system';
import { Invite, InviteInput, InviteList, InviteView, Member, MemberList, RoleInput, Team, TeamInput, TeamList } from './teams';
import { ExportQuery, ImportEnvelope, ImportRequest, ImportResponse, PromptsDocument } from './transfer';
import { LabelInput, LabelsAnswer, LibraryUpdate, VersionList } from './versions';
import { CreatedWebhook, DeliveriesQuery, DeliveryList, DeliveryQueued, Webhook, WebhookInput, WebhookList, WebhookUpdate } from './webhooks';

export interface RouteContract {
  summary: string;
  /** The request body's schema: the handler validates with it (see `parsedAs`), OpenAPI documents it. */
  request?: z.ZodMiniType;
  /**
   * A looser schema the handler validates the body with when it checks a part of it itself
   * (import: the document, so its problems are reported with their positions); `request` stays
   * the documented shape.
   */
  parsedAs?: z.ZodMiniType;
  /** The body may be left out: the handler gets the request schema's defaults. */
  optionalBody?: true;
  /** Wire encoding of the request body; JSON unless the login form (OAuth2 password flow). */
  encoding?: 'form';
  response?: z.ZodMiniType;
  status?: number;
  /**
   * The query string's schema (an object of optional strings; `z.describe` on each for OpenAPI):
   * the handler gets `query` parsed by it, a bad value answers 400 with the schema's message.
   */
  query?: z.ZodMiniObject;
  /** Other media types the success answer may have instead of JSON, each with a description. */
  otherMedia?: Record<string, string>;
  /** Headers of the success answer, each with a description. */
  responseHeaders?: Record<string, string>;
}

/**
 * Request and response schemas per route, one entry for every route of the table (the type says
 * so): handlers validate with them (functions/lib/http/http.ts `api` demands the entry's own schemas), the OpenAPI
 * document is built from them, and tests/unit/route-contract.test.ts checks all three agree.
 */
export const CONTRACT = {
  'GET /health': { summary: 'Liveness check', response: HealthResponse },
  'GET /openapi.json': { summary: 'This OpenAPI 3.1 document' },
  'POST /auth/register': { summary: 'Create an account', request: RegisterRequest, response: RegisterResponse, status: 201 },
  'POST /auth/login': { summary: 'Sign in (OAuth2 password form)', request: LoginForm, encoding: 'form', response: TokenResponse },
  'GET /auth/me': { summary: 'The current user', response: User },
  'POST /auth/logout': { summary: 'End every session token of the current user', status: 204 },
  'POST /auth/logout-all': {
    summary: 'Sign out everywhere: every token of the current user ends, and every API key unless `revoke_api_keys` is false (the body may be left out)',
    request: LogoutAllRequest,
    optionalBody: true,
    status: 204,
  },
  'POST /auth/password/forgot': {
    summary: 'Email a password reset link (30 minutes, single use); the same 202 whether or not the account exists',
    request: ForgotPasswordRequest,
    response: Accepted,
    status: 202,
  },
  'POST /auth/password/reset': {
    summary: "Set a new password with a reset link's token; every session of the user ends and every API key is revoked (used, expired or unknown token → 400)",
    request: ResetPasswordRequest,
    status: 204,
  },
  'PUT /auth/password': {
    summary: 'Change the password (current one required); other sessions end, and every API key unless `revoke_api_keys` is false; a fresh token is returned',
    request: ChangePasswordRequest,
    response: TokenResponse,
  },
  'GET /account': { summary: 'The account with plan usage (limit null when unlimited)', response: Account },
  'PUT /account': { summary: 'Change first and last name', request: UpdateAccountRequest, response: Account },
  'POST /account/email': {
    summary: 'Ask to change the email: a confirmation link goes to the new address (password required)',
    request: ChangeEmailRequest,
    response: Accepted,
    status: 202,
  },
  'POST /account/email/verify': {
    summary: "Follow an email link: confirms a new account's email, or switches to the new email (every session ends)",
    request: VerifyEmailRequest,
    response: VerifyEmailResponse,
  },
  'POST /account/email/verification': { summary: 'Send the email confirmation link again', response: Accepted, status: 202 },
  'GET /account/export': { summary: 'Download everything the product holds about the user (JSON, no password material)' },
  'DELETE /account': {
    summary: 'Delete the account and every item of it; cancels an active subscription (password required; the last admin → 409)',
    request: DeleteAccountRequest,
    status: 204,
  },
  'GET /prompts/': {
    summary: "The user's prompts and their filters (past 900 KB: in pages)",
    response: PromptList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/': { summary: 'Create a prompt (plan limit max_prompts)', request: PromptInput, response: Prompt, status: 201 },
  'PUT /prompts/{id}': { summary: 'Replace a prompt, or set only is_favorite', request: PromptUpdate, status: 204 },
  'DELETE /prompts/{id}': { summary: 'Delete a prompt', status: 204 },
  'POST /prompts/{id}/copy': {
    summary: "Copy (or move) a prompt into another workspace: a team's (as its owner or editor) or, with to: null, the caller's own (plan limit of the target)",
    request: CopyRequest,
    response: Prompt,
    status: 201,
  },
  'POST /prompts/fork/{id}': {
    summary: 'Copy a library prompt into the workspace (plan limit; locked → 403)',
    request: ForkRequest,
    response: Prompt,
    status: 201,
  },
  'GET /prompts/export': {
    summary: "Download the user's prompts and categories: JSON (importable, the default) or one Markdown file (format=markdown, for reading)",
    query: ExportQuery,
    response: PromptsDocument,
    otherMedia: { 'text/markdown': 'format=markdown: a title, a section per category, each prompt with its tags, favorite flag and body in a code fence' },
  },
  'POST /prompts/import': {
    summary:
      'Import a JSON export (≤ 1,000 prompts, 5 MB): dry_run previews (200); otherwise creates new prompts and categories within the plan limits (201, or 200 when nothing is new; 403 when they do not fit; duplicates by title + body skipped)',
    request: ImportRequest,
    parsedAs: ImportEnvelope,
    response: ImportResponse,
    status: 201,
  },
  'POST /prompts/import/openai': {
    summary:
      "Import an OpenAI prompt object (pmpt_…) pasted from the dashboard — JSON with its versions, the code snippet with the instructions, or plain instructions — as a chat prompt: {{name}} becomes [INPUT: name] (its example value the default), each version a version (oldest first), the pinned one labelled production (201; 400 for a paste it cannot read, 403 over the plan's prompts, 409 when already imported; nothing written then)",
    request: OpenAiImportRequest,
    response: OpenAiImportResult,
    status: 201,
  },
  'GET /prompts/{id}/versions': { summary: "A prompt's versions: the current one first, then newest first", response: VersionList },
  'POST /prompts/{id}/versions/{version}/restore': { summary: "Make an earlier version's content current, as a new version", response: Prompt },
  'GET /prompts/{id}/library-update': { summary: "A fork's content next to its library original's, and whether that changed", response: LibraryUpdate },
  'POST /prompts/{id}/library-update/pull': { summary: "Take the library original's content in as a new version", response: Prompt },
  'POST /prompts/{id}/library-update/dismiss': { summary: "Mark the library original's change as seen; the content stays", status: 204 },
  'GET /library/prompts': {
    summary: 'The library: the whole list without parameters; a filtered page (LibraryPage) with search, category, tasks, industries, page, page_size',
    response: z.union([z.array(LibraryPrompt), LibraryPage]),
    query: LibraryQuery,
  },
  'GET /library/prompts/{id}': {
    summary: "One library prompt (only its 80-character teaser above the caller's tier; 404 when unknown)",
    response: LibraryPrompt,
  },
  'GET /library/filters': { summary: 'Library category names, tasks and industries', response: LibraryFilters },
  'GET /categories/': { summary: "The user's categories with prompt counts", response: CategoryList },
  'POST /categories/': { summary: 'Create a category (plan limit max_categories)', request: CategoryInput, response: Category, status: 201 },
  'PUT /categories/{id}': { summary: 'Rename a category', request: CategoryInput, status: 204 },
  'DELETE /categories/{id}': { summary: 'Delete a category; its prompts become uncategorized', status: 204 },
  'GET /context/directives': { summary: 'Global prompt prefix and suffix', response: Directives },
  'PUT /context/directives': { summary: 'Save the global prompt prefix and suffix', request: Directives, response: Directives },
  'GET /context/snippets': {
    summary: "The user's snippets (past 900 KB: in pages)",
    response: SnippetList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /context/snippets': { summary: 'Create a snippet (plan limit max_snippets)', request: SnippetInput, response: Snippet, status: 201 },
  'PUT /context/snippets/{id}': { summary: 'Update a snippet', request: SnippetInput, response: Snippet },
  'DELETE /context/snippets/{id}': { summary: 'Delete a snippet', status: 204 },
  'GET /context/profile': { summary: 'PROFILE variable values', response: ProfileValues },
  'PUT /context/profile/{key}': { summary: 'Save one PROFILE value', request: ProfileValueInput },
  'DELETE /context/profile/{key}': { summary: 'Forget one PROFILE value', status: 204 },
  'POST /api-keys': {
    summary: 'Create an API key (password required; shown once; at most 20; the owner is emailed); a key opens the registry and MCP routes only',
    request: ApiKeyInput,
    response: CreatedApiKey,
    status: 201,
  },
  'GET /api-keys': { summary: "The caller's API keys (never the keys themselves)", response: ApiKeyList },
  'DELETE /api-keys/{id}': { summary: 'Revoke an API key; it is refused from the next request on', status: 204 },
  'GET /prompts/{id}/examples': {
    summary: "A prompt's examples, oldest first (past 900 KB: in pages)",
    response: ExampleList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/{id}/examples': {
    summary: "Keep an example: inputs fitting the prompt's variables, an expected answer, a rating (plan limit: examples per prompt, 409 past it)",
    request: ExampleInput,
    response: Example,
    status: 201,
  },
  'PUT /prompts/{id}/examples/{example_id}': { summary: 'Replace an example', request: ExampleReplace, response: Example },
  'DELETE /prompts/{id}/examples/{example_id}': { summary: 'Delete an example', status: 204 },
  'POST /prompts/{id}/examples/import': {
    summary: 'Import examples from CSV (a column per variable; expected, rating, note optional) or JSONL: all or none',
    request: ExamplesImport,
    response: ExamplesImported,
    status: 201,
  },
  'GET /prompts/{id}/examples/export': {
    summary: "Download a prompt's examples as CSV (the default) or JSONL, as an import reads them",
    query: ExamplesExportQuery,
    otherMedia: {
      'text/csv': 'format=csv: a header row of the variables, then expected, rating, note',
      'application/x-ndjson': 'format=jsonl: one example a line',
    },
  },
  'GET /prompts/{id}/checks': { summary: "A prompt's checks", response: CheckList },
  'PUT /prompts/{id}/checks': {
    summary: "Replace a prompt's checks (contains, not_contains, regex, json_schema, min_length, max_length, equals_expected, judge): the stored list with ids",
    request: ChecksInput,
    response: CheckList,
  },
  'POST /prompts/{id}/evaluations': {
    summary:
      "Queue an evaluation: the prompt's examples through up to 4 columns (a version, a label, a draft, a version on another model), each answer checked",
    request: EvaluationInput,
    response: EvaluationCreated,
    status: 202,
  },
  'GET /prompts/{id}/evaluations': { summary: "A prompt's evaluations, newest first", response: EvaluationList },
  'GET /prompts/{id}/evaluations/{evaluation_id}': { summary: "An evaluation's status, progress and each column's pass rate", response: Evaluation },
  'GET /prompts/{id}/evaluations/{evaluation_id}/results': {
    summary: "An evaluation's results so far, by example then column (past 900 KB: in pages)",
    query: ResultsQuery,
    response: EvaluationResults,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'DELETE /prompts/{id}/evaluations/{evaluation_id}': { summary: 'Cancel a queued or running evaluation (its results so far stay)', response: Evaluation },
  'POST /prompts/{id}/reviews': {
    summary:
      'Ask for a review of a version before a label moves to it (201; when the label has an open review, it moves to this version, 200, and its approvals go stale); reviewers (team members who edit) get an email',
    request: ReviewInput,
    response: Review,
    status: 201,
  },
  'GET /prompts/{id}/reviews': {
    summary:
      "A prompt's last 20 reviews, newest first; open ones with the text, variable-contract and settings diffs against the label's version and the version's latest evaluation",
    response: ReviewList,
  },
  'POST /prompts/{id}/reviews/{review_id}/approve': {
    summary: "Approve the review's version (another member who edits; never one's own request)",
    response: Review,
  },
  'POST /prompts/{id}/reviews/{review_id}/request-changes': { summary: 'Ask the author for changes, with a note', request: ChangesRequest, response: Review },
  'POST /prompts/{id}/reviews/{review_id}/merge': {
    summary:
      "Move the label to the reviewed version: needs an approval of that exact version, and the label's evaluation gate when it has one (409 with the reason otherwise)",
    response: Review,
  },
  'POST /prompts/{id}/reviews/{review_id}/close': { summary: 'Close the review without moving the label', response: Review },
  'GET /prompts/{id}/activity': {
    summary: "A prompt's activity, newest first, 50 a page: versions saved, labels moved, reviews, evaluations, shares, forks (any member; names, never ids)",
    query: ActivityQuery,
    response: ActivityList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'GET /activity': {
    summary: "The workspace's activity, newest first, 50 a page (any member; kept 90 days)",
    query: ActivityQuery,
    response: ActivityList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/{id}/compare': {
    summary:
      'Start a side-by-side comparison: 2–4 columns (versions, labels, a draft, a version on another model) filled with one set of inputs; blind: shuffled and unnamed until the vote',
    request: CompareInput,
    response: CompareSession,
    status: 201,
  },
  'POST /prompts/{id}/votes': {
    summary: 'Vote which answer was better (or a tie): versions, models, or the columns of a compare session, which the answer names',
    request: VoteInput,
    response: Vote,
    status: 201,
  },
  'GET /prompts/{id}/votes': {
    summary: 'Win rates and ratings (Bradley–Terry on the Elo scale, with 95% intervals) per version and per model',
    response: Ratings,
  },
  'POST /prompts/{id}/feedback': {
    summary: 'Thumbs up or down, with an optional note, on a Run answer of a version (counted in the stats)',
    request: FeedbackInput,
    response: Feedback,
    status: 201,
  },
  'GET /prompts/{id}/stats': {
    summary:
      "A prompt's use over a window of at most a year: compiles by channel, runs, tokens, latency p50/p95, estimated cost, thumbs, blind-vote win rate and evaluation pass rate per version and label, a series by hour or day, and the API keys still fetching a version older than production",
    query: StatsQuery,
    response: PromptStats,
  },
  'PUT /prompts/{id}/labels/{label}/protection': {
    summary: 'Protect a label: it moves only to a version whose finished, current evaluation passes at least min_pass_rate (default 1)',
    request: LabelProtectionInput,
    response: LabelProtection,
  },
  'PUT /prompts/{id}/labels/{label}': {
    summary:
      'Pin a label (production, staging or any lower-case name) to a version, or move it there (a session or an API key); a protected label needs a passing evaluation (409 {detail, evaluation_id?}) unless an owner passes force',
    request: LabelInput,
    response: LabelsAnswer,
  },
  'DELETE /prompts/{id}/labels/{label}': { summary: 'Remove a label from a prompt', status: 204 },
  'GET /registry/prompts': {
    summary: "The caller's prompts for code and tools (session token or API key; past 900 KB: in pages)",
    response: RegistryList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'GET /registry/prompts/{slug}': {
    summary: 'One prompt by slug: the latest version, or the one a label or version names (session token or API key)',
    query: RegistryQuery,
    response: RegistryPrompt,
  },
  'POST /prompts/{id}/share': {
    summary:
      'Share a prompt by a public link `<site>/s/<token>` (201, the same link when already shared; 403 for prompts copied from Pro or Elite library prompts)',
    response: ShareLink,
    status: 201,
  },
  'DELETE /prompts/{id}/share': { summary: 'Stop sharing; the link answers 404 from then on', status: 204 },
  'GET /shared/{token}': { summary: 'A shared prompt (no sign-in): content and the author name, never an email', response: SharedPrompt },
  'POST /shared/{token}/fork': { summary: 'Copy a shared prompt into My Prompts (plan limit max_prompts)', response: Prompt, status: 201 },
  'POST /teams': {
    summary: 'Create a team workspace; the caller is its owner (Pro and Elite plans; plan limit max_teams; free → 403)',
    request: TeamInput,
    response: Team,
    status: 201,
  },
  'GET /teams': { summary: "The caller's teams, each with the caller's role in it", response: TeamList },
  'PUT /teams/{id}': { summary: 'Rename a team (owners; another member → 403, not a member → 404)', request: TeamInput, response: Team },
  'DELETE /teams/{id}': {
    summary: "Delete a team and its whole workspace: prompts, members, invitations and its prompts' share links (owners)",
    status: 204,
  },
  'POST /teams/{id}/invites': {
    summary: 'Invite someone by email as editor or viewer (owners): the link `<site>/invites/<token>` is mailed and works once, for 7 days',
    request: InviteInput,
    response: Invite,
    status: 201,
  },
  'GET /teams/{id}/invites': { summary: "The team's pending invitations (owners)", response: InviteList },
  'DELETE /teams/{id}/invites/{invite_id}': { summary: 'Withdraw an invitation (owners); its link stops working', status: 204 },
  'GET /invites/{token}': {
    summary: "An invitation by its link's token, for the accept page (used, expired or withdrawn → 400)",
    response: InviteView,
  },
  'POST /invites/{token}/accept': {
    summary: "Join the team with the invitation's role, signed in as the invited address (another address → 403, already a member → 409, team full → 403)",
    response: Team,
  },
  'GET /teams/{id}/members': { summary: "The team's members with their current email, name and role (any member)", response: MemberList },
  'PUT /teams/{id}/members/{user_id}': {
    summary: "Change a member's role (owners; the last owner and the team's creator stay owners → 409)",
    request: RoleInput,
    response: Member,
  },
  'DELETE /teams/{id}/members/{user_id}': {
    summary: "Remove a member (owners), or leave the team (yourself); the last owner and the team's creator cannot go → 409",
    status: 204,
  },
  'POST /connections': {
    summary:
      "Add a model connection to the workspace (owners; at most 20): the provider's API key is stored encrypted and never shown again, only its last 4 characters",
    request: ConnectionInput,
    response: Connection,
    status: 201,
  },
  'GET /connections': { summary: "The workspace's model connections (any member; never a key, only its hint)", response: ConnectionList },
  'DELETE /connections/{id}': { summary: 'Delete a model connection and its stored key (owners)', status: 204 },
  'POST /connections/{id}/test': {
    summary: "Try a connection's key against its provider (owners): ok with the models it offers, or not ok with the provider's reason",
    response: ConnectionTest,
  },
  'POST /webhooks': {
    summary:
      'Add a webhook to the workspace (owners; at most 1,000): the URL (https and a public address when deployed) gets the events named, signed per Standard Webhooks; the signing secret is in this answer only',
    request: WebhookInput,
    response: CreatedWebhook,
    status: 201,
  },
  'GET /webhooks': { summary: "The workspace's webhooks (owners; never a secret)", response: WebhookList },
  'PUT /webhooks/{id}': {
    summary: "Change a webhook's URL, events, format or description, or pause it (active: false)",
    request: WebhookUpdate,
    response: Webhook,
  },
  'DELETE /webhooks/{id}': { summary: 'Delete a webhook: nothing more is sent to it', status: 204 },
  'GET /webhooks/{id}/deliveries': {
    summary: "A webhook's deliveries, newest first, 50 a page: status, attempts, the last response code and duration (kept 30 days)",
    query: DeliveriesQuery,
    response: DeliveryList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    summary: 'Send a delivery again: the same body and webhook-id, with a fresh 24 hours of retries',
    response: DeliveryQueued,
    status: 202,
  },
  'POST /webhooks/{id}/test': {
    summary: 'Send a signed webhook.test delivery now; its outcome shows in the deliveries',
    response: DeliveryQueued,
    status: 202,
  },
  'POST /mcp': {
    summary:
      'Model Context Protocol server (Streamable HTTP, stateless; JSON-RPC 2.0 in and out): prompts/list, prompts/get, tools search_prompts and get_prompt. Authorise with an API key as a bearer token',
  },
  'POST /registry/prompts/{slug}/compile': {
    summary:
      'Fill a prompt on the server: INPUT values from the request, SNIPPET and PROFILE from your context, the global prefix and suffix unless directives is false (session token or API key)',
    request: CompileRequest,
    response: CompileResponse,
  },
  'GET /admin/prompts': {
    summary: 'Library prompts for curation, a page at a time (by id)',
    response: AdminPromptList,
    query: AdminPromptsQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /admin/prompts': { summary: "Publish one of the admin's own prompts to the library", request: PublishRequest, response: AdminPrompt, status: 201 },
  'PATCH /admin/prompts/{id}/tier': { summary: "Change a library prompt's tier", request: TierChange, status: 204 },
  'GET /admin/prompts/{id}': { summary: "A library prompt's full text, tasks, industries and tier, for editing", response: LibraryPromptText },
  'PUT /admin/prompts/{id}': {
    summary: "Edit a library prompt's title, body, tasks, industries and tier (copies then see 'Updated in library' when title or body changed)",
    request: LibraryPromptEdit,
    status: 204,
  },
  'DELETE /admin/prompts/{id}': { summary: 'Delete a library prompt', status: 204 },
  'GET /admin/categories': { summary: 'Library categories with prompt counts', response: LibraryCategoryList },
  'POST /admin/categories': { summary: 'Create a library category', request: LibraryCategoryInput, response: LibraryCategory, status: 201 },
  'PUT /admin/categories/{id}': { summary: 'Rename a library category', request: LibraryCategoryInput, status: 204 },
  'DELETE /admin/categories/{id}': { summary: 'Delete a library category; its prompts become uncategorized', status: 204 },
  'GET /admin/users': { summary: 'Users, a page at a time (by email)', response: z.array(User), query: AdminUsersQuery, responseHeaders: ADMIN_PAGE_HEADERS },
  'POST /admin/users': { summary: 'Create a user', request: AdminUserCreate, response: User, status: 201 },
  'PUT /admin/users/{id}': { summary: "Change a user's admin status and tier", request: AdminUserUpdate, response: User },
  'DELETE /admin/users/{id}': { summary: 'Delete a user and their workspace', status: 204 },
  'POST /admin/users/{id}/password-reset': { summary: 'Email the user a password reset link', response: Accepted, status: 202 },
  'POST /billing/create-checkout-session': { summary: 'Start a Stripe Checkout for a paid plan', request: CheckoutRequest, response: CheckoutResponse },
  'POST /billing/portal-session': { summary: "Open Stripe's customer portal", response: PortalResponse },
  'POST /billing/webhook': { summary: 'Stripe events (Stripe-Signature verified; no bearer token)', response: WebhookAck },
  'POST /engine/enhance': { summary: "Enhance a prompt ('clarify')", request: EnhanceRequest, response: EnhanceResponse },
  'POST /engine/run': {
    summary:
      "Run a filled prompt (text, or a chat prompt's messages) with its model settings on the product's model (daily runs per tier, 429 when used up) or a workspace connection (no daily runs; at most 3 at once); the answer streams",
    request: RunRequest,
    otherMedia: {
      'text/plain; charset=utf-8':
        "The model's answer, streamed in chunks as it is written; a tool call as a bracketed line; a failure after the first chunk ends it with a bracketed note",
      [`${RUN_EVENTS_TYPE}; charset=utf-8`]:
        'With Accept: application/x-ndjson: one JSON object per line as it happens: {type: start, engine, model}, {type: text, delta}, {type: tool_call, id, name, arguments} (shown, never run), {type: usage, tokens_in, tokens_out}, {type: json, valid, errors} (with a JSON response format), {type: error, detail} (a failure after the first output), and last {type: end, outcome: complete|stopped|deadline|error, first_token_ms, total_ms}',
    },
    responseHeaders: { [RUNS_REMAINING_HEADER]: "Runs left today after this one: a number, or 'unlimited' (absent on a run on a connection)" },
  },
} satisfies Record<RouteKey, RouteContract>;

type Entry<K extends RouteKey> = (typeof CONTRACT)[K];
/** The schema a route's handler validates its body with; `undefined` for a route without a body. */
export type BodySchemaOf<K extends RouteKey> = Entry<K> extends { parsedAs: infer S } ? S : Entry<K> extends { request: infer S } ? S : undefined;
/** The schema of a route's query string; `undefined` for a route that reads none. */
export type QuerySchemaOf<K extends RouteKey> = Entry<K> extends { query: infer S } ? S : undefined;

/** A route's entry by its key, widened to RouteContract (for code that walks the route table). */
export const contractOf = (key: string): RouteContract | undefined => (CONTRACT as Record<string, RouteContract>)[key];
