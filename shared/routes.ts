/**
 * The route table: every API route once. The CDK stack creates one Lambda + one HTTP API route
 * per entry, the local gateway mounts the same entries, and tests check both against the calls
 * the product was specified with (docs/product.md).
 *
 * - `handler` is a module under functions/ (without extension) whose `handler` export serves it.
 * - `access`: `public` (no token), `user` (valid bearer token of an existing user),
 *   `admin` (an existing user with is_admin), `stripe` (no token; Stripe signature checked),
 *   `key_or_user` (a bearer token or an API key `cst_...`: the registry, the CLI's and MCP routes only; an
 *   API key is refused everywhere else, so it never opens account, billing, admin or key routes).
 */
export type Access = 'public' | 'user' | 'admin' | 'stripe' | 'key_or_user';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  /** Path below the base path, API Gateway syntax for parameters: `/prompts/{id}`. */
  path: string;
  handler: string;
  access: Access;
  /** Per-function sizing for the deployed Lambda (password hashing needs more CPU). */
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * The answer is streamed (Lambda response streaming). API Gateway buffers responses, so the
   * stack serves such a route from a Lambda function URL behind CloudFront instead.
   */
  streaming?: boolean;
  /**
   * The route acts on a workspace: the caller's own, or with `?workspace=<team id>` a team's they
   * are in (docs/architecture.md, "Team workspaces"). `read` routes are open to every member,
   * `write` routes to owners and editors (a viewer gets 403), `owner` routes to a team's owners
   * only (a person owns their own workspace).
   */
  workspace?: 'read' | 'write' | 'owner';
  /**
   * The route seals or opens secrets users give (functions/lib/services/secret-box.ts): deployed,
   * only such functions may use the KMS key.
   */
  secrets?: boolean;
  /** Workers of the worker table (shared/workers.ts) the route enqueues to: sqs:SendMessage on their queues only. */
  enqueues?: readonly string[];
  /** A GET route that counts its use (functions/lib/use-cases/usage.ts): it may write the table (the usage counters) though it is a GET. */
  countsUse?: true;
}

export const API_BASE = '/api/v1';
/** Paged lists name the next page's cursor in this header (docs/architecture.md, "Bounded answers"). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const ROUTES = [
  { method: 'GET', path: '/health', handler: 'system/health', access: 'public' },
  { method: 'GET', path: '/openapi.json', handler: 'system/openapi', access: 'public' },

  { method: 'POST', path: '/auth/login', handler: 'auth/login', access: 'public', memoryMb: 1024, timeoutSeconds: 10 },
  { method: 'POST', path: '/auth/register', handler: 'auth/register', access: 'public', memoryMb: 1024, timeoutSeconds: 10 },
  { method: 'GET', path: '/auth/me', handler: 'auth/me', access: 'user' },
  // Beyond the specified calls (docs/product.md): logout ends the token on the server too, not only in the browser.
  { method: 'POST', path: '/auth/logout', handler: 'auth/logout', access: 'user' },
  // Beyond the specified calls: accounts a person can live with (password reset and change,
  // sign out everywhere, the account page, email change and verification, export, deletion).
  { method: 'POST', path: '/auth/logout-all', handler: 'auth/logout-all', access: 'user' },
  { method: 'POST', path: '/auth/password/forgot', handler: 'auth/forgot-password', access: 'public', timeoutSeconds: 15 },
  { method: 'POST', path: '/auth/password/reset', handler: 'auth/reset-password', access: 'public', memoryMb: 1024, timeoutSeconds: 10 },
  { method: 'PUT', path: '/auth/password', handler: 'auth/change-password', access: 'user', memoryMb: 1024, timeoutSeconds: 15 },
  { method: 'GET', path: '/account', handler: 'account/get', access: 'user' },
  { method: 'PUT', path: '/account', handler: 'account/update', access: 'user' },
  { method: 'POST', path: '/account/email', handler: 'account/change-email', access: 'user', memoryMb: 1024, timeoutSeconds: 15 },
  { method: 'POST', path: '/account/email/verify', handler: 'account/verify-email', access: 'public', timeoutSeconds: 15 },
  { method: 'POST', path: '/account/email/verification', handler: 'account/resend-verification', access: 'user', timeoutSeconds: 15 },
  { method: 'GET', path: '/account/export', handler: 'account/export', access: 'user', memoryMb: 1024, timeoutSeconds: 30 },
  { method: 'DELETE', path: '/account', handler: 'account/delete', access: 'user', memoryMb: 1024, timeoutSeconds: 30, enqueues: ['evaluation'] },

  { method: 'GET', path: '/prompts/', handler: 'prompts/list', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/', handler: 'prompts/create', access: 'user', workspace: 'write', enqueues: ['events'] },
  { method: 'PUT', path: '/prompts/{id}', handler: 'prompts/update', access: 'user', workspace: 'write', enqueues: ['events'] },
  { method: 'DELETE', path: '/prompts/{id}', handler: 'prompts/delete', access: 'user', workspace: 'write', enqueues: ['events', 'evaluation'] },
  { method: 'POST', path: '/prompts/fork/{id}', handler: 'prompts/fork', access: 'user', workspace: 'write', enqueues: ['events'] },
  // Beyond the specified calls: version history, fork lineage, import and export (docs/product.md, My Prompts).
  { method: 'GET', path: '/prompts/{id}/versions', handler: 'prompts/list-versions', access: 'user', workspace: 'read' },
  {
    method: 'POST',
    path: '/prompts/{id}/versions/{version}/restore',
    handler: 'prompts/restore-version',
    access: 'user',
    workspace: 'write',
    enqueues: ['events'],
  },
  // An API key may move labels too (a deploy script): protected labels go through the same gate.
  { method: 'PUT', path: '/prompts/{id}/labels/{label}', handler: 'prompts/set-label', access: 'key_or_user', workspace: 'write', enqueues: ['events'] },
  { method: 'PUT', path: '/prompts/{id}/labels/{label}/protection', handler: 'prompts/protect-label', access: 'user', workspace: 'write' },
  { method: 'DELETE', path: '/prompts/{id}/labels/{label}', handler: 'prompts/delete-label', access: 'user', workspace: 'write' },
  { method: 'GET', path: '/prompts/{id}/library-update', handler: 'prompts/get-library-update', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/{id}/library-update/pull', handler: 'prompts/pull-library-update', access: 'user', workspace: 'write' },
  { method: 'POST', path: '/prompts/{id}/library-update/dismiss', handler: 'prompts/dismiss-library-update', access: 'user', workspace: 'write' },
  // Test suites (issue 29): examples kept from runs, checks, evaluations, and the gate on protected labels.
  { method: 'GET', path: '/prompts/{id}/examples', handler: 'examples/list', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/{id}/examples', handler: 'examples/create', access: 'user', workspace: 'write' },
  { method: 'PUT', path: '/prompts/{id}/examples/{example_id}', handler: 'examples/update', access: 'user', workspace: 'write' },
  { method: 'DELETE', path: '/prompts/{id}/examples/{example_id}', handler: 'examples/delete', access: 'user', workspace: 'write' },
  { method: 'POST', path: '/prompts/{id}/examples/import', handler: 'examples/import', access: 'user', timeoutSeconds: 30, workspace: 'write' },
  { method: 'GET', path: '/prompts/{id}/examples/export', handler: 'examples/export', access: 'user', timeoutSeconds: 30, workspace: 'read' },
  { method: 'GET', path: '/prompts/{id}/checks', handler: 'checks/list', access: 'user', workspace: 'read' },
  { method: 'PUT', path: '/prompts/{id}/checks', handler: 'checks/put', access: 'user', workspace: 'write' },
  { method: 'POST', path: '/prompts/{id}/evaluations', handler: 'evaluations/create', access: 'user', workspace: 'write', enqueues: ['evaluation'] },
  { method: 'GET', path: '/prompts/{id}/evaluations', handler: 'evaluations/list', access: 'user', workspace: 'read' },
  { method: 'GET', path: '/prompts/{id}/evaluations/{evaluation_id}', handler: 'evaluations/get', access: 'user', workspace: 'read' },
  { method: 'GET', path: '/prompts/{id}/evaluations/{evaluation_id}/results', handler: 'evaluations/results', access: 'user', workspace: 'read' },
  { method: 'DELETE', path: '/prompts/{id}/evaluations/{evaluation_id}', handler: 'evaluations/cancel', access: 'user', workspace: 'write' },
  // Change management (issue 31): review requests before a label moves.
  { method: 'POST', path: '/prompts/{id}/reviews', handler: 'reviews/create', access: 'user', timeoutSeconds: 15, workspace: 'write', enqueues: ['events'] },
  { method: 'GET', path: '/prompts/{id}/reviews', handler: 'reviews/list', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/{id}/reviews/{review_id}/approve', handler: 'reviews/approve', access: 'user', workspace: 'write', enqueues: ['events'] },
  {
    method: 'POST',
    path: '/prompts/{id}/reviews/{review_id}/request-changes',
    handler: 'reviews/request-changes',
    access: 'user',
    workspace: 'write',
    enqueues: ['events'],
  },
  { method: 'POST', path: '/prompts/{id}/reviews/{review_id}/merge', handler: 'reviews/merge', access: 'user', workspace: 'write', enqueues: ['events'] },
  { method: 'POST', path: '/prompts/{id}/reviews/{review_id}/close', handler: 'reviews/close', access: 'user', workspace: 'write', enqueues: ['events'] },
  // The caller's own, across workspaces (so no `workspace`): the reviews waiting on them.
  { method: 'GET', path: '/notices', handler: 'reviews/notices', access: 'user' },
  // A review by its id alone: how a shared team's reviewer reaches a review in another person's own workspace (use-cases/review-access.ts).
  { method: 'GET', path: '/reviews/{review_id}', handler: 'reviews/by-id', access: 'user' },
  { method: 'POST', path: '/reviews/{review_id}/approve', handler: 'reviews/by-id-approve', access: 'user', enqueues: ['events'] },
  { method: 'POST', path: '/reviews/{review_id}/request-changes', handler: 'reviews/by-id-request-changes', access: 'user', enqueues: ['events'] },
  // Change management (issue 31): who did what when, per prompt and per workspace.
  { method: 'GET', path: '/prompts/{id}/activity', handler: 'activity/prompt', access: 'user', workspace: 'read' },
  { method: 'GET', path: '/activity', handler: 'activity/list', access: 'user', workspace: 'read' },
  // The scoreboard (issue 30): use counted by Construct itself, per version, label and hour or day.
  { method: 'GET', path: '/prompts/{id}/stats', handler: 'prompts/stats', access: 'user', workspace: 'read' },
  { method: 'GET', path: '/stats', handler: 'stats/overview', access: 'user', workspace: 'read' },
  // Compare side by side, blind votes and thumbs on Run answers (issue 30). Any member may judge answers.
  { method: 'POST', path: '/prompts/{id}/compare', handler: 'compare/create', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/{id}/votes', handler: 'compare/vote', access: 'user', workspace: 'read' },
  { method: 'GET', path: '/prompts/{id}/votes', handler: 'compare/ratings', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/{id}/feedback', handler: 'compare/feedback', access: 'user', workspace: 'read', enqueues: ['usage-rollup'] },
  { method: 'GET', path: '/prompts/export', handler: 'prompts/export', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/prompts/import', handler: 'prompts/import', access: 'user', timeoutSeconds: 30, workspace: 'write', enqueues: ['events'] },
  {
    method: 'POST',
    path: '/prompts/import/openai',
    handler: 'prompts/import-openai',
    access: 'user',
    timeoutSeconds: 30,
    workspace: 'write',
    enqueues: ['events'],
  },

  { method: 'GET', path: '/categories/', handler: 'categories/list', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/categories/', handler: 'categories/create', access: 'user', workspace: 'write' },
  { method: 'PUT', path: '/categories/{id}', handler: 'categories/update', access: 'user', workspace: 'write' },
  { method: 'DELETE', path: '/categories/{id}', handler: 'categories/delete', access: 'user', workspace: 'write' },

  { method: 'GET', path: '/library/prompts', handler: 'library/list', access: 'user' },
  { method: 'GET', path: '/library/filters', handler: 'library/filters', access: 'user' },
  // Beyond the specified calls: a library prompt's detail page (a teaser above the caller's tier).
  { method: 'GET', path: '/library/prompts/{id}', handler: 'library/get', access: 'user' },
  // Beyond the specified calls: the caller's own rating, for the star control.
  { method: 'GET', path: '/library/prompts/{id}/rating', handler: 'library/get-rating', access: 'user' },
  { method: 'PUT', path: '/library/prompts/{id}/rating', handler: 'library/rate', access: 'user' },

  { method: 'POST', path: '/engine/enhance', handler: 'engine/enhance', access: 'user', timeoutSeconds: 30 },
  // Beyond the specified calls: run the filled prompt and stream the model's answer (docs/decisions.md, Product: Run).
  {
    method: 'POST',
    path: '/engine/run',
    handler: 'engine/run',
    access: 'user',
    timeoutSeconds: 120,
    streaming: true,
    workspace: 'read',
    secrets: true,
    enqueues: ['usage-rollup'],
  },

  { method: 'GET', path: '/admin/prompts', handler: 'admin/list-prompts', access: 'admin' },
  // Beyond the specified calls: an admin's 'Publish to Library' of one of their own prompts.
  { method: 'POST', path: '/admin/prompts', handler: 'admin/publish-prompt', access: 'admin' },
  { method: 'PATCH', path: '/admin/prompts/{id}/tier', handler: 'admin/set-prompt-tier', access: 'admin' },
  // Beyond the specified calls: an admin edits a library prompt's text and tier.
  { method: 'GET', path: '/admin/prompts/{id}', handler: 'admin/get-prompt', access: 'admin' },
  { method: 'PUT', path: '/admin/prompts/{id}', handler: 'admin/edit-prompt', access: 'admin' },
  { method: 'DELETE', path: '/admin/prompts/{id}', handler: 'admin/delete-prompt', access: 'admin' },
  // Beyond the specified calls: an admin edits a library prompt's test suite (issue 29: forks take it in).
  { method: 'GET', path: '/admin/prompts/{id}/suite', handler: 'admin/get-suite', access: 'admin' },
  { method: 'PUT', path: '/admin/prompts/{id}/suite', handler: 'admin/put-suite', access: 'admin' },
  { method: 'GET', path: '/admin/categories', handler: 'admin/list-categories', access: 'admin' },
  { method: 'POST', path: '/admin/categories', handler: 'admin/create-category', access: 'admin' },
  { method: 'PUT', path: '/admin/categories/{id}', handler: 'admin/rename-category', access: 'admin' },
  { method: 'DELETE', path: '/admin/categories/{id}', handler: 'admin/delete-category', access: 'admin' },
  { method: 'GET', path: '/admin/users', handler: 'admin/list-users', access: 'admin' },
  { method: 'POST', path: '/admin/users', handler: 'admin/create-user', access: 'admin', memoryMb: 1024, timeoutSeconds: 10 },
  { method: 'PUT', path: '/admin/users/{id}', handler: 'admin/update-user', access: 'admin' },
  { method: 'DELETE', path: '/admin/users/{id}', handler: 'admin/delete-user', access: 'admin', timeoutSeconds: 30, enqueues: ['evaluation'] },
  // Beyond the specified calls: 'Send password reset' on a user row.
  { method: 'POST', path: '/admin/users/{id}/password-reset', handler: 'admin/send-password-reset', access: 'admin', timeoutSeconds: 15 },

  { method: 'POST', path: '/billing/create-checkout-session', handler: 'billing/create-checkout-session', access: 'user', timeoutSeconds: 15 },
  // Beyond the specified calls: Stripe's customer portal, to change or cancel a subscription.
  { method: 'POST', path: '/billing/portal-session', handler: 'billing/create-portal-session', access: 'user', timeoutSeconds: 15 },
  { method: 'POST', path: '/billing/webhook', handler: 'billing/webhook', access: 'stripe', timeoutSeconds: 15 },

  { method: 'GET', path: '/context/directives', handler: 'context/get-directives', access: 'user', workspace: 'read' },
  { method: 'PUT', path: '/context/directives', handler: 'context/put-directives', access: 'user', workspace: 'write' },
  { method: 'GET', path: '/context/snippets', handler: 'context/list-snippets', access: 'user', workspace: 'read' },
  { method: 'POST', path: '/context/snippets', handler: 'context/create-snippet', access: 'user', workspace: 'write' },
  { method: 'PUT', path: '/context/snippets/{id}', handler: 'context/update-snippet', access: 'user', workspace: 'write' },
  { method: 'DELETE', path: '/context/snippets/{id}', handler: 'context/delete-snippet', access: 'user', workspace: 'write' },
  // Beyond the specified calls: PROFILE variable values, so the workbench stores real context.
  { method: 'GET', path: '/context/profile', handler: 'context/get-profile', access: 'user' },
  { method: 'PUT', path: '/context/profile/{key}', handler: 'context/put-profile-value', access: 'user' },
  { method: 'DELETE', path: '/context/profile/{key}', handler: 'context/delete-profile-value', access: 'user' },

  // Prompts outside the app: API keys (managed with a session only), the registry and MCP (a key or a session).
  { method: 'POST', path: '/api-keys', handler: 'api-keys/create', access: 'user', memoryMb: 1024, timeoutSeconds: 15 },
  { method: 'GET', path: '/api-keys', handler: 'api-keys/list', access: 'user' },
  { method: 'DELETE', path: '/api-keys/{id}', handler: 'api-keys/delete', access: 'user' },
  { method: 'GET', path: '/registry/prompts', handler: 'registry/list', access: 'key_or_user', workspace: 'read' },
  {
    method: 'GET',
    path: '/registry/prompts/{slug}',
    handler: 'registry/get',
    access: 'key_or_user',
    workspace: 'read',
    enqueues: ['usage-rollup'],
    countsUse: true,
  },
  {
    method: 'POST',
    path: '/registry/prompts/{slug}/compile',
    handler: 'registry/compile',
    access: 'key_or_user',
    workspace: 'read',
    enqueues: ['usage-rollup'],
  },
  // The CLI (cli/, issue 31): a key saves a new version of a prompt's content (never its tags, category,
  // labels or slug) from the version it edited, and starts and reads an evaluation, all by slug.
  { method: 'POST', path: '/registry/prompts/{slug}/versions', handler: 'registry/push', access: 'key_or_user', workspace: 'write', enqueues: ['events'] },
  {
    method: 'POST',
    path: '/registry/prompts/{slug}/evaluations',
    handler: 'registry/evaluate',
    access: 'key_or_user',
    workspace: 'write',
    enqueues: ['evaluation'],
  },
  { method: 'GET', path: '/registry/prompts/{slug}/evaluations/{evaluation_id}', handler: 'registry/evaluation', access: 'key_or_user', workspace: 'read' },
  // Beyond the specified calls: 'Move/copy to…' between the personal and team workspaces.
  { method: 'POST', path: '/prompts/{id}/copy', handler: 'prompts/copy', access: 'user', workspace: 'read', enqueues: ['evaluation'] },
  { method: 'POST', path: '/prompts/{id}/share', handler: 'prompts/share', access: 'user', workspace: 'write', enqueues: ['events'] },
  { method: 'DELETE', path: '/prompts/{id}/share', handler: 'prompts/unshare', access: 'user', workspace: 'write' },
  { method: 'GET', path: '/shared/{token}', handler: 'shared/get', access: 'public' },
  { method: 'POST', path: '/shared/{token}/fork', handler: 'shared/fork', access: 'user', workspace: 'write', enqueues: ['events'] },
  // Beyond the specified calls: team workspaces (docs/product.md, "Teams"), managed with a session only.
  { method: 'POST', path: '/teams', handler: 'teams/create', access: 'user' },
  { method: 'GET', path: '/teams', handler: 'teams/list', access: 'user' },
  { method: 'PUT', path: '/teams/{id}', handler: 'teams/rename', access: 'user' },
  { method: 'DELETE', path: '/teams/{id}', handler: 'teams/delete', access: 'user', timeoutSeconds: 30, enqueues: ['evaluation'] },
  { method: 'POST', path: '/teams/{id}/invites', handler: 'teams/invite', access: 'user', timeoutSeconds: 15 },
  { method: 'GET', path: '/teams/{id}/invites', handler: 'teams/list-invites', access: 'user' },
  { method: 'DELETE', path: '/teams/{id}/invites/{invite_id}', handler: 'teams/revoke-invite', access: 'user' },
  { method: 'GET', path: '/invites/{token}', handler: 'teams/get-invite', access: 'user' },
  { method: 'POST', path: '/invites/{token}/accept', handler: 'teams/accept-invite', access: 'user' },
  { method: 'GET', path: '/teams/{id}/members', handler: 'teams/list-members', access: 'user' },
  { method: 'PUT', path: '/teams/{id}/members/{user_id}', handler: 'teams/set-role', access: 'user' },
  { method: 'DELETE', path: '/teams/{id}/members/{user_id}', handler: 'teams/remove-member', access: 'user' },
  // Beyond the specified calls: model connections, a workspace's own provider keys (owners manage them, members run on them).
  { method: 'POST', path: '/connections', handler: 'connections/create', access: 'user', timeoutSeconds: 15, workspace: 'owner', secrets: true },
  { method: 'GET', path: '/connections', handler: 'connections/list', access: 'user', workspace: 'read' },
  { method: 'DELETE', path: '/connections/{id}', handler: 'connections/delete', access: 'user', workspace: 'owner' },
  { method: 'POST', path: '/connections/{id}/test', handler: 'connections/test', access: 'user', timeoutSeconds: 30, workspace: 'owner', secrets: true },
  // Beyond the specified calls (issue 31): webhooks, signed per Standard Webhooks, managed by the workspace's owners.
  { method: 'POST', path: '/webhooks', handler: 'webhooks/create', access: 'user', timeoutSeconds: 15, workspace: 'owner', secrets: true },
  { method: 'GET', path: '/webhooks', handler: 'webhooks/list', access: 'user', workspace: 'owner' },
  { method: 'PUT', path: '/webhooks/{id}', handler: 'webhooks/update', access: 'user', timeoutSeconds: 15, workspace: 'owner' },
  { method: 'DELETE', path: '/webhooks/{id}', handler: 'webhooks/delete', access: 'user', workspace: 'owner' },
  { method: 'GET', path: '/webhooks/{id}/deliveries', handler: 'webhooks/deliveries', access: 'user', workspace: 'owner' },
  {
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{delivery_id}/redeliver',
    handler: 'webhooks/redeliver',
    access: 'user',
    workspace: 'owner',
    enqueues: ['webhook'],
  },
  { method: 'POST', path: '/webhooks/{id}/test', handler: 'webhooks/test', access: 'user', workspace: 'owner', enqueues: ['webhook'] },
  // The MCP server (Streamable HTTP, stateless): JSON-RPC in the body, for AI tools with an API key.
  { method: 'POST', path: '/mcp', handler: 'mcp/server', access: 'key_or_user', memoryMb: 512, workspace: 'read', enqueues: ['usage-rollup'] },
] as const satisfies readonly RouteDef[];

/**
 * Pages a function answers instead of the static SPA, at the site root (not under API_BASE): their
 * HTML must carry what the SPA would only add in JavaScript (link previews in chat apps read the
 * HTML). The stack adds each as an HTTP API route behind a CloudFront behaviour of its own
 * (infra/constructs/web.ts); the local gateway serves them ahead of the static files.
 */
export interface PageRouteDef {
  /**
   * GET, and HEAD with it: a page answers HEAD with the GET's status and headers and no body
   * (RFC 9110 9.3.2), as link checkers and preview bots ask. CloudFront forwards HEAD on its GET/HEAD
   * behaviours, but an HTTP API matches HEAD only on a HEAD route, so the stack adds one per page.
   */
  method: 'GET';
  /** The path on the site, API Gateway syntax for parameters: `/s/{token}`. */
  path: string;
  handler: string;
  /** The CloudFront path pattern that sends these pages to the API origin. */
  pattern: string;
}

export const PAGE_ROUTES = [
  // A shared prompt, readable without an account (docs/architecture.md, "Share pages").
  { method: 'GET', path: '/s/{token}', handler: 'pages/shared', pattern: '/s/*' },
] as const satisfies readonly PageRouteDef[];

/** The page route serving a concrete site path, with its parameters. */
export function matchPage(method: string, path: string): { route: PageRouteDef; pathParameters: Record<string, string> } | null {
  let got: string[] | undefined;
  for (const route of PAGE_ROUTES as readonly PageRouteDef[]) {
    if (route.method !== method && method !== 'HEAD') continue;
    got ??= path.split('/');
    const params = matchPath(segmentsOf(route.path), got);
    if (params) return { route, pathParameters: params };
  }
  return null;
}

type RouteEntry = (typeof ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** `"POST /auth/login"` for every route in the table: handlers name their route with one. */
export type RouteKey = KeyOf<RouteEntry>;
export type AccessOf<K extends RouteKey> = { [R in RouteEntry as KeyOf<R>]: R['access'] }[K];

/** The parameter names of a path, from its `{name}` segments: `'/prompts/{id}/labels/{label}'` → `'id' | 'label'`. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** A route's path parameters by type: `ParamsOf<'PUT /prompts/{id}'>` is `{ id: string }`. */
export type ParamsOf<K extends string> = { readonly [N in ParamNames<K extends `${string} ${infer P}` ? P : never>]: string };
/** The parameter names of a path at run time (the same `{name}` segments). */
export const paramNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

/** `"POST /auth/login"`: the API Gateway route key of a route (without the base path). */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** A stable identifier for CDK construct ids and function names: `POST /prompts/{id}` → `PostPromptsId`. */
export function routeId(r: Pick<RouteDef, 'method' | 'path'>): string {
  const words = [r.method.toLowerCase(), ...r.path.split(/[^a-zA-Z0-9]+/).filter(Boolean)];
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Matches a concrete path against the table (the local gateway's router). Matching is exact, so
 * the specified `/prompts/` (docs/product.md) needs its trailing slash. In AWS, HTTP API route paths cannot end in a
 * slash, so the stack registers `/prompts` (see infra/constructs/api.ts).
 */
export function matchRoute(method: string, path: string): { route: RouteDef; pathParameters: Record<string, string> } | { allowed: Method[] } | null {
  const allowed: Method[] = [];
  const got = path.split('/');
  for (const route of ROUTES as readonly RouteDef[]) {
    const params = matchPath(segmentsOf(route.path), got);
    if (!params) continue;
    if (route.method === method) return { route, pathParameters: params };
    allowed.push(route.method);
  }
  return allowed.length ? { allowed } : null;
}

/** A route pattern's segments, split once: the gateway matches every request against the table. */
const SEGMENTS = new Map<string, string[]>();
function segmentsOf(pattern: string): string[] {
  let segments = SEGMENTS.get(pattern);
  if (!segments) {
    segments = pattern.split('/');
    SEGMENTS.set(pattern, segments);
  }
  return segments;
}

function matchPath(want: string[], got: string[]): Record<string, string> | null {
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (!g) return null;
      // A malformed escape (`%zz`) names nothing: no match (404), not an exception.
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}
