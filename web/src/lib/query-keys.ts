/**
 * Every query and mutation key of the app, built here and nowhere else. A key holds everything its
 * answer depends on; the data of a workspace route (shared/routes.ts, `workspace`) sits under
 * `['ws', workspace, …]`, the workspace it was read in (null: the caller's own). Switching
 * workspace so reads other keys, and nothing loaded in one workspace can show in another.
 * Invalidating a key reloads every query under it (`prompts.all(ws)` takes the lists, the
 * histories and the library updates of that workspace's prompts).
 */

/** A workspace: a team's id, or null for the caller's own (lib/current-workspace.ts). */
export type WorkspaceId = string | null;

const ws = (workspace: WorkspaceId) => ['ws', workspace] as const;

export const queryKeys = {
  /** Everything read in one workspace: dropped when its team is deleted or left. */
  workspace: ws,
  prompts: {
    all: (w: WorkspaceId) => [...ws(w), 'prompts'] as const,
    /** GET /prompts/ (every page). */
    list: (w: WorkspaceId) => [...ws(w), 'prompts', 'list'] as const,
    versions: (w: WorkspaceId, id: string) => [...ws(w), 'prompts', 'versions', id] as const,
    libraryUpdate: (w: WorkspaceId, id: string) => [...ws(w), 'prompts', 'library-update', id] as const,
  },
  /** A prompt's test suite (issue 29): its examples, its checks, its evaluations and their cells. */
  suite: {
    all: (w: WorkspaceId, id: string) => [...ws(w), 'suite', id] as const,
    examples: (w: WorkspaceId, id: string) => [...ws(w), 'suite', id, 'examples'] as const,
    checks: (w: WorkspaceId, id: string) => [...ws(w), 'suite', id, 'checks'] as const,
    evaluations: (w: WorkspaceId, id: string) => [...ws(w), 'suite', id, 'evaluations'] as const,
    evaluation: (w: WorkspaceId, id: string, evaluation: string) => [...ws(w), 'suite', id, 'evaluations', evaluation] as const,
    results: (w: WorkspaceId, id: string, evaluation: string) => [...ws(w), 'suite', id, 'evaluations', evaluation, 'results'] as const,
  },
  /** A prompt's scoreboard (issue 30): blind-vote ratings and the stats; thumbs and votes reload it. */
  scores: {
    all: (w: WorkspaceId, id: string) => [...ws(w), 'scores', id] as const,
    votes: (w: WorkspaceId, id: string) => [...ws(w), 'scores', id, 'votes'] as const,
    stats: (w: WorkspaceId, id: string, params: object) => [...ws(w), 'scores', id, 'stats', params] as const,
    /** GET /stats: the workspace overview. */
    overview: (w: WorkspaceId, params: object) => [...ws(w), 'overview', params] as const,
  },
  categories: {
    all: (w: WorkspaceId) => [...ws(w), 'categories'] as const,
    list: (w: WorkspaceId) => [...ws(w), 'categories', 'list'] as const,
  },
  /** The Context Library's workspace part: directives and snippets, and the workbench's context built on them. */
  context: {
    all: (w: WorkspaceId) => [...ws(w), 'context'] as const,
    directives: (w: WorkspaceId) => [...ws(w), 'context', 'directives'] as const,
    snippets: (w: WorkspaceId) => [...ws(w), 'context', 'snippets'] as const,
    /** Directives, snippets and the caller's PROFILE values together. */
    workbench: (w: WorkspaceId) => [...ws(w), 'context', 'workbench'] as const,
  },
  /** GET /activity (promptId null) or GET /prompts/{id}/activity: a feed, page by page. */
  activity: (w: WorkspaceId, promptId: string | null) => [...ws(w), 'activity', promptId] as const,
  /** GET /prompts/{id}/reviews: a prompt's review requests (the last 20). */
  reviews: (w: WorkspaceId, promptId: string) => [...ws(w), 'reviews', promptId] as const,
  /** GET /notices: the caller's own across workspaces (the header's badge); every review step reloads it. */
  notices: ['notices'] as const,
  /** GET /reviews/{review_id}: one review by its id (a shared team's reviewer's way in). */
  review: (id: string) => ['review', id] as const,
  /** GET /webhooks and each webhook's deliveries. */
  webhooks: {
    all: (w: WorkspaceId) => [...ws(w), 'webhooks'] as const,
    deliveries: (w: WorkspaceId, id: string) => [...ws(w), 'webhooks', 'deliveries', id] as const,
  },
  /** GET /connections: the workspace's model connections (the Connections page, the workbench's run). */
  connections: (w: WorkspaceId) => [...ws(w), 'connections'] as const,
  /** PROFILE values: the caller's own in every workspace. */
  profile: ['profile'] as const,

  /** GET /auth/me: the session reads it; an account or role change refreshes it. */
  me: ['auth', 'me'] as const,
  account: ['account'] as const,
  apiKeys: ['api-keys'] as const,
  /** GET /openapi.json: the API reference page. */
  openApi: ['openapi'] as const,
  library: {
    all: ['library'] as const,
    /** One page of the library under its filters (normalised, so equal filters share an entry). */
    prompts: (params: object) => ['library', 'prompts', params] as const,
    prompt: (id: string) => ['library', 'prompt', id] as const,
    /** The caller's own rating of a library prompt (GET /library/prompts/{id}/rating); `ratings` is every one. */
    ratings: ['library', 'rating'] as const,
    rating: (id: string) => ['library', 'rating', id] as const,
    filters: ['library', 'filters'] as const,
  },
  /** Every admin query: one invalidation reloads the whole control center. */
  admin: {
    all: ['admin'] as const,
    /** Every search of the users list (each search text is a key below it). */
    users: ['admin', 'users'] as const,
    /** Every search of the library prompts list. */
    prompts: ['admin', 'prompts'] as const,
    promptText: (id: string) => ['admin', 'prompt-text', id] as const,
    /** GET /admin/prompts/{id}/suite: a library prompt's checks and examples. */
    promptSuite: (id: string) => ['admin', 'prompt-suite', id] as const,
    /** GET /admin/categories: the library's categories (the control center and the publish dialog). */
    categories: ['admin', 'categories'] as const,
  },
  /** The caller's teams, their members and invitations, and an invitation's page. */
  teams: {
    all: ['teams'] as const,
    list: ['teams', 'list'] as const,
    members: (teamId: string) => ['teams', 'members', teamId] as const,
    invites: (teamId: string) => ['teams', 'invites', teamId] as const,
    invitation: (token: string) => ['teams', 'invitation', token] as const,
  },
  shared: (token: string) => ['shared', token] as const,
};

/** Keys of the mutations whose pending state a screen reads (useMutationState, isMutating). */
export const mutationKeys = {
  login: ['auth', 'login'] as const,
  register: ['auth', 'register'] as const,
  checkout: ['billing', 'checkout'] as const,
  portal: ['billing', 'portal'] as const,
  deletePrompt: ['prompts', 'delete'] as const,
  enhancePrompt: ['prompts', 'enhance'] as const,
  favorite: ['prompts', 'favorite'] as const,
  admin: {
    updateUser: ['admin', 'update-user'] as const,
    deleteUser: ['admin', 'delete-user'] as const,
    sendPasswordReset: ['admin', 'send-password-reset'] as const,
    deleteCategory: ['admin', 'delete-category'] as const,
    deletePrompt: ['admin', 'delete-prompt'] as const,
    promptTier: ['admin', 'prompt-tier'] as const,
  },
};
