/** Every client route once (docs/product.md, Screens); pages link with these instead of literal strings. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/privacy',
  prompts: '/prompts',
  /** One prompt's test suite: examples, checks, evaluations and protected labels (`/prompts/<id>/evaluate`). */
  evaluate: '/prompts/:id/evaluate',
  /** One prompt's stats: use, cost and quality per version (`/prompts/<id>/stats`). */
  stats: '/prompts/:id/stats',
  /** The current workspace's overview: its top prompts by use, errors and cost. */
  overview: '/overview',
  library: '/library',
  /** One library prompt's page (`/library/<id>`). */
  libraryPrompt: '/library/:id',
  contextLibrary: '/context-library',
  admin: '/admin',
  account: '/account',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  apiKeys: '/api-keys',
  /** The API reference, rendered from GET /api/v1/openapi.json. */
  apiReference: '/api-reference',
  /** One review by its id (`/reviews/<id>`): how a shared team's reviewer opens a review in another person's own workspace. */
  review: '/reviews/:id',
  /** The current workspace's activity feed. */
  activity: '/activity',
  /** The current workspace's webhooks (its owners). */
  webhooks: '/webhooks',
  /** The current workspace's model connections. */
  connections: '/connections',
  /** The caller's teams; one team's settings (members, roles, invitations) at `/teams/<id>`. */
  teams: '/teams',
  team: '/teams/:id',
  /** An emailed invitation (`/invites/<token>`): accepting it joins the team. */
  invite: '/invites/:token',
  /** A shared prompt (`/s/<token>`); the server renders its HTML first (docs/architecture.md). */
  shared: '/s/:token',
} as const;

/** The page of one library prompt. */
export const libraryPromptPath = (id: string) => `/library/${encodeURIComponent(id)}`;

/** A prompt's Evaluate page; with an evaluation, that evaluation's grid open. */
export const evaluatePath = (id: string, evaluation?: string) =>
  `/prompts/${encodeURIComponent(id)}/evaluate${evaluation ? `?evaluation=${encodeURIComponent(evaluation)}` : ''}`;

/** A prompt's Stats page. */
export const statsPath = (id: string) => `/prompts/${encodeURIComponent(id)}/stats`;

/** One team's settings page. */
export const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;

/** The page of a share link. */
export const sharedPath = (token: string) => `/s/${encodeURIComponent(token)}`;

/** Where a signed-in user lands when no other origin is known. */
export const DEFAULT_SIGNED_IN_PATH = paths.prompts;
