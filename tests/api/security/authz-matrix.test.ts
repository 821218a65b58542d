import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef, type RouteKey, routeKey } from '@shared/routes';
import type { Tier } from '@shared/tiers';
import { adminToken, call, newAccount, signUp } from '../../support/api';
import { library, setTier } from '../../support/db';
import { invitationToken } from '../../support/mail';

/**
 * The authorisation matrix, generated from the route table:
 * {anonymous, free, pro, elite, admin} × every route × {own id, another user's id} → expected
 * status, with zero mismatches. Anonymous callers get 401 on user and admin routes, signed-in
 * non-admins 403 on admin routes, another user's prompt, category or snippet id is 404 (never
 * 403, so ids leak nothing), and public routes answer everyone. A route added to the table
 * without a row here fails the first test.
 */
type Role = 'anonymous' | 'free' | 'pro' | 'elite' | 'admin';
type Target = 'own' | 'other';
const ROLES: Role[] = ['anonymous', 'free', 'pro', 'elite', 'admin'];

interface Caller {
  role: Role;
  token?: string;
  id?: string;
  email: string;
  password: string;
  tier: Tier;
}
interface Req {
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** A session of its own for routes that end the caller's sessions or account (signed-in callers only). */
  token?: string;
}
interface Row {
  /** The request for a caller; `target` is whose id goes into the path (or body). */
  request(caller: Caller, target: Target): Promise<Req>;
  /** The status an authorised caller gets. */
  status: number | ((caller: Caller, target: Target) => number);
  /** Routes with `{id}` also try another user's id; this is what that answers. */
  other?: number | ((caller: Caller) => number);
}

const run = randomUUID().slice(0, 8);
let victim: Caller & {
  prompt: string;
  category: string;
  snippet: string;
  apiKey: string;
  connection: string;
  webhook: string;
  shareToken: string;
  review: string;
};
let bootstrapAdmin: string;

/** Fresh items in the caller's own workspace (made by the caller, through the API). */
const own = {
  prompt: async (c: Caller) => (await call('POST', '/prompts/', { token: c.token, json: { title: `mine ${run}`, body: 'Mine [INPUT: x]' } })).body.id as string,
  category: async (c: Caller) => (await call('POST', '/categories/', { token: c.token, json: { name: `mine ${randomUUID().slice(0, 8)}` } })).body.id as string,
  snippet: async (c: Caller) =>
    (await call('POST', '/context/snippets', { token: c.token, json: { snippet_name: `mine ${randomUUID().slice(0, 8)}`, snippet_content: 'x' } })).body
      .id as string,
  apiKey: async (c: Caller) =>
    (await call('POST', '/api-keys', { token: c.token, json: { name: `mine ${randomUUID().slice(0, 8)}`, password: c.password } })).body.id as string,
  connection: async (c: Caller) => (await call('POST', '/connections', { token: c.token, json: connectionInput() })).body.id as string,
  webhook: async (c: Caller) =>
    (await call('POST', '/webhooks', { token: c.token, json: { url: 'http://127.0.0.1:9/hook', events: ['prompt.deleted'] } })).body.id as string,
};
/** A model connection whose server answers nothing (a test of it is refused at once, ok: false). */
const connectionInput = () => ({
  name: `mine ${randomUUID().slice(0, 8)}`,
  provider: 'openai',
  base_url: 'http://127.0.0.1:9/v1',
  api_key: 'sk-authz-0123456789abcdef',
});
/** An id the caller owns, or the victim's: anonymous callers own nothing. */
const idFor = async (kind: keyof typeof own, c: Caller, target: Target) => (target === 'other' || !c.token ? victim[kind] : own[kind](c));

async function libraryPrompt(tier: Tier) {
  const id = `authz-${tier}-${randomUUID().slice(0, 8)}`;
  await library.upsertEntries(
    [{ id, title: `Authz ${tier} ${run}`, body: 'Library body [INPUT: x]', category: null, tasks: [], industries: [], access_tier: tier }],
    'curator@construct.test',
  );
  return id;
}
/** The slug of the caller's own fork (made once: free plans hold 5 prompts), or the victim's, which no caller has. */
const slugFor = async (c: Caller, t: Target) => {
  if (t === 'other' || !c.token) return `victim-${run}`;
  const id = await ownFork(c);
  return (await call('GET', '/prompts/', { token: c.token })).body.prompts.find((p: { id: string }) => p.id === id).slug as string;
};
/** The caller's own fork with the label `staging` on version 1 (or the victim's prompt id). */
const labelled = async (c: Caller, t: Target) => {
  const id = await forkFor(c, t);
  if (t === 'own' && c.token) await call('PUT', `/prompts/${id}/labels/staging`, { token: c.token, json: { version: 1 } });
  return id;
};
/** One fork per caller (of a free library prompt), edited once so it has an earlier version: the history and lineage rows share it. */
const forks = new Map<string, Promise<string>>();
function ownFork(c: Caller): Promise<string> {
  if (!forks.has(c.email)) {
    forks.set(
      c.email,
      (async () => {
        const fork = (await call('POST', `/prompts/fork/${await libraryPrompt('free')}`, { token: c.token, json: {} })).body;
        await call('PUT', `/prompts/${fork.id}`, { token: c.token, json: { title: fork.title, body: `${fork.body} (edited)` } });
        return fork.id as string;
      })(),
    );
  }
  return forks.get(c.email)!;
}
const forkFor = async (c: Caller, t: Target) => (t === 'other' || !c.token ? victim.prompt : ownFork(c));
/** The caller's own fork with three examples (the path `/prompts/<id>`), or the victim's prompt. */
const withExamples = new Map<string, Promise<unknown>>();
const evaluable = async (c: Caller, t: Target) => {
  const id = await forkFor(c, t);
  if (t === 'other' || !c.token) return `/prompts/${id}`;
  if (!withExamples.has(c.email))
    withExamples.set(c.email, call('POST', `/prompts/${id}/examples/import`, { token: c.token, json: { format: 'csv', content: 'x\na\nb\nc\n' } }));
  await withExamples.get(c.email);
  return `/prompts/${id}`;
};
/** The path of a fresh evaluation of the caller's own fork (one example: a run of the day's quota), or one under the victim's prompt. */
/** A review request of the caller's own fork (a label of its own each time), or a path under the victim's prompt. */
const reviewFor = async (c: Caller, t: Target) => {
  const id = await forkFor(c, t);
  if (t === 'other' || !c.token) return `/prompts/${id}/reviews/000000000000000000`;
  const made = await call('POST', `/prompts/${id}/reviews`, { token: c.token, json: { version: 1, label: `r-${randomUUID().slice(0, 8)}` } });
  return `/prompts/${id}/reviews/${made.body.id}`;
};
/** A review id alone: of the caller's own request, or the victim's (no notice of it reaches anyone else). */
const reviewIdFor = async (c: Caller, t: Target) => (t === 'other' || !c.token ? victim.review : (await reviewFor(c, t)).split('/').pop()!);
const evaluationFor = async (c: Caller, t: Target) => {
  const path = await evaluable(c, t);
  if (t === 'other' || !c.token) return `${path}/evaluations/000000000000000000000`;
  const [example] = (await call('GET', `${path}/examples`, { token: c.token })).body.examples;
  const json = { columns: [{ version: 1 }], examples: [example.id] };
  // A prompt runs at most three evaluations at once (409): the rows before this one may still be
  // running theirs, so those are cancelled and the new one asked for again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await call('POST', `${path}/evaluations`, { token: c.token, json });
    if (created.status === 202) return `${path}/evaluations/${created.body.id}`;
    expect(created.status, JSON.stringify(created.body)).toBe(409);
    const { evaluations } = (await call('GET', `${path}/evaluations`, { token: c.token })).body as { evaluations: { id: string; status: string }[] };
    for (const running of evaluations.filter((e) => e.status === 'queued' || e.status === 'running'))
      await call('DELETE', `${path}/evaluations/${running.id}`, { token: c.token });
  }
  throw new Error(`no evaluation could be created under ${path}`);
};
/** The path of an example of the caller's own fork (a fresh one), or of the victim's prompt. */
const exampleFor = async (c: Caller, t: Target) => {
  const id = await forkFor(c, t);
  if (t === 'other' || !c.token) return `/prompts/${id}/examples/000000000000000000000`;
  return `/prompts/${id}/examples/${(await call('POST', `/prompts/${id}/examples`, { token: c.token, json: { inputs: { x: 'e' } } })).body.id}`;
};

/**
 * Teams: a team of the caller's (made once: Pro allows 3), or, for a free caller who cannot make
 * one and for "another user's" target, a team of a stranger's the caller is not in (404).
 */
let strangerTeam: string;
const teams = new Map<string, Promise<string>>();
const newTeam = async (c: Caller) => (await call('POST', '/teams', { token: c.token, json: { name: `Authz ${randomUUID().slice(0, 8)}` } })).body.id as string;
const teamFor = async (c: Caller, t: Target) => {
  if (t === 'other' || !c.token || c.tier === 'free') return strangerTeam;
  if (!teams.has(c.email)) teams.set(c.email, newTeam(c));
  return teams.get(c.email)!;
};
/** An invitation of the caller's own team (to an address without an account), for revoking. */
const ownInvite = async (c: Caller) =>
  (await call('POST', `/teams/${await teamFor(c, 'own')}/invites`, { token: c.token, json: { email: `authz-${randomUUID()}@example.com`, role: 'viewer' } }))
    .body.id as string;
/**
 * Invitation links of a stranger's team (another team than the one callers must not be in): to
 * the caller's own address (made once: the GET row reads it, the accept row uses it), or to
 * someone else's.
 */
let invitingOwner: Caller;
let invitingTeam: string;
const invitations = new Map<string, Promise<string>>();
const invitationTo = async (email: string) => {
  const reply = await call('POST', `/teams/${invitingTeam}/invites`, { token: invitingOwner.token, json: { email, role: 'editor' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return invitationToken(email);
};
const invitationFor = async (c: Caller, t: Target) => {
  if (!c.token) return 'x'.repeat(43);
  if (t === 'other') return invitationTo(`authz-${randomUUID()}@example.com`);
  if (!invitations.has(c.email)) invitations.set(c.email, invitationTo(c.email));
  return invitations.get(c.email)!;
};
/** What a request about the caller's own team answers: a free caller has none (404). */
const ownTeamStatus = (ok: number) => (c: Caller) => (c.tier === 'free' ? 404 : ok);

async function libraryCategory() {
  return (await call('POST', '/admin/categories', { token: bootstrapAdmin, json: { name: `Authz ${randomUUID().slice(0, 8)}` } })).body.id as string;
}
/** A fresh account's session and password, for routes that end sessions or the account itself. */
async function throwawaySession() {
  const u = await signUp();
  return { token: u.token, password: u.password };
}
async function throwawayUser() {
  const account = newAccount();
  return (await call('POST', '/auth/register', { json: account })).body.id as string;
}

const MATRIX: Record<RouteKey, Row> = {
  'GET /health': { request: async () => ({ path: '/health' }), status: 200 },
  'GET /openapi.json': { request: async () => ({ path: '/openapi.json' }), status: 200 },
  'POST /auth/login': { request: async (c) => ({ path: '/auth/login', form: { username: c.email, password: c.password } }), status: 200 },
  'POST /auth/register': { request: async () => ({ path: '/auth/register', json: newAccount() }), status: 201 },
  'GET /auth/me': { request: async () => ({ path: '/auth/me' }), status: 200 },
  'POST /auth/logout': { request: async () => ({ path: '/auth/logout' }), status: 204 },
  'POST /auth/logout-all': { request: async () => ({ path: '/auth/logout-all', token: (await throwawaySession()).token }), status: 204 },
  // The same 202 for everyone and every address (no enumeration).
  'POST /auth/password/forgot': { request: async (c) => ({ path: '/auth/password/forgot', json: { email: c.email } }), status: 202 },
  'POST /auth/password/reset': {
    request: async () => ({ path: '/auth/password/reset', json: { token: 'A'.repeat(43), password: 'a-new-long-password' } }),
    status: 400,
  },
  'PUT /auth/password': {
    request: async () => {
      const s = await throwawaySession();
      return { path: '/auth/password', token: s.token, json: { current_password: s.password, new_password: 'another-long-password' } };
    },
    status: 200,
  },
  'GET /account': { request: async () => ({ path: '/account' }), status: 200 },
  'PUT /account': { request: async () => ({ path: '/account', json: { first_name: 'Renamed', last_name: 'Caller' } }), status: 200 },
  'POST /account/email': { request: async (c) => ({ path: '/account/email', json: { new_email: newAccount().email, password: c.password } }), status: 202 },
  'POST /account/email/verify': { request: async () => ({ path: '/account/email/verify', json: { token: 'A'.repeat(43) } }), status: 400 },
  // Self-service accounts start unconfirmed; an account an admin created is confirmed already.
  'POST /account/email/verification': { request: async () => ({ path: '/account/email/verification' }), status: (c) => (c.role === 'admin' ? 400 : 202) },
  'GET /account/export': { request: async () => ({ path: '/account/export' }), status: 200 },
  'DELETE /account': {
    request: async () => {
      const s = await throwawaySession();
      return { path: '/account', token: s.token, json: { password: s.password } };
    },
    status: 204,
  },

  'GET /prompts/': { request: async () => ({ path: '/prompts/' }), status: 200 },
  'POST /prompts/': { request: async () => ({ path: '/prompts/', json: { title: `new ${run}`, body: 'b' } }), status: 201 },
  'PUT /prompts/{id}': {
    request: async (c, t) => ({ path: `/prompts/${await idFor('prompt', c, t)}`, json: { title: 'changed', body: 'changed' } }),
    status: 204,
    other: 404,
  },
  'DELETE /prompts/{id}': { request: async (c, t) => ({ path: `/prompts/${await idFor('prompt', c, t)}` }), status: 204, other: 404 },
  // The id is a library prompt's; "another user's" is a private workspace prompt, which no one may fork.
  'POST /prompts/fork/{id}': {
    request: async (_, t) => ({ path: `/prompts/fork/${t === 'own' ? await libraryPrompt('free') : victim.prompt}`, json: {} }),
    status: 201,
    other: 404,
  },
  // Export reads only the caller's own workspace (tests/api/transfer.test.ts checks the victim's data never appears).
  'GET /prompts/export': { request: async () => ({ path: '/prompts/export?format=json' }), status: 200 },
  // A preview: it writes nothing, so every plan answers it whatever its limits.
  'POST /prompts/import': {
    request: async () => ({
      path: '/prompts/import',
      json: { document: { format: 'construct.prompts', version: 1, prompts: [{ title: `imported ${run}`, body: 'b' }] }, dry_run: true },
    }),
    status: 200,
  },
  // The code snippet without its instructions: 400 for every signed-in caller, whatever room their plan has left
  // (what an import writes, and its limit, are in tests/api/openai-import.test.ts).
  'POST /prompts/import/openai': {
    request: async () => ({ path: '/prompts/import/openai', json: { paste: 'openai.responses.create({ prompt: { id: "pmpt_abc" } })' } }),
    status: 400,
  },
  'GET /prompts/{id}/versions': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/versions` }), status: 200, other: 404 },
  // Version 1 of the fork is never its current version (it was edited), so it can always be restored.
  'POST /prompts/{id}/versions/{version}/restore': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/versions/1/restore` }),
    status: 200,
    other: 404,
  },
  'GET /prompts/{id}/library-update': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/library-update` }), status: 200, other: 404 },
  'POST /prompts/{id}/library-update/pull': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/library-update/pull` }),
    status: 200,
    other: 404,
  },
  'POST /prompts/{id}/library-update/dismiss': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/library-update/dismiss` }),
    status: 204,
    other: 404,
  },

  'GET /categories/': { request: async () => ({ path: '/categories/' }), status: 200 },
  'POST /categories/': { request: async () => ({ path: '/categories/', json: { name: `new ${randomUUID().slice(0, 8)}` } }), status: 201 },
  'PUT /categories/{id}': {
    request: async (c, t) => ({ path: `/categories/${await idFor('category', c, t)}`, json: { name: `renamed ${randomUUID().slice(0, 8)}` } }),
    status: 204,
    other: 404,
  },
  'DELETE /categories/{id}': { request: async (c, t) => ({ path: `/categories/${await idFor('category', c, t)}` }), status: 204, other: 404 },

  'GET /library/prompts': { request: async () => ({ path: '/library/prompts?page=1' }), status: 200 },
  'GET /library/filters': { request: async () => ({ path: '/library/filters' }), status: 200 },
  // A private workspace prompt's id is not a library prompt: 404 (the tier leak check is below).
  'GET /library/prompts/{id}': {
    request: async (_, t) => ({ path: `/library/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}` }),
    status: 200,
    other: 404,
  },
  // A free library prompt the caller never ran: its rating state (200), and a rating refused until a run (403); a workspace prompt's id is no library prompt (404).
  'GET /library/prompts/{id}/rating': {
    request: async (_, t) => ({ path: `/library/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}/rating` }),
    status: 200,
    other: 404,
  },
  'PUT /library/prompts/{id}/rating': {
    request: async (_, t) => ({ path: `/library/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}/rating`, json: { stars: 4 } }),
    status: 403,
    other: 404,
  },
  'POST /engine/enhance': {
    request: async () => ({ path: '/engine/enhance', json: { prompt_body: 'make it clear', enhancement_type: 'clarify' } }),
    status: 200,
  },
  // The answer streams as text; prompt_id is only logged, so another user's id changes nothing.
  'POST /engine/run': { request: async () => ({ path: '/engine/run', json: { text: 'Say hello to the team.' } }), status: 200 },

  'GET /admin/prompts': { request: async () => ({ path: '/admin/prompts' }), status: 200 },
  // Publishing needs a prompt of the admin's own; another user's private prompt is 404.
  'POST /admin/prompts': {
    request: async (c, t) => ({ path: '/admin/prompts', json: { prompt_id: c.role === 'admin' && t === 'own' ? await own.prompt(c) : victim.prompt } }),
    status: 201,
  },
  'PATCH /admin/prompts/{id}/tier': {
    request: async (_, t) => ({ path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}/tier`, json: { access_tier: 'pro' } }),
    status: 204,
    other: 404,
  },
  'GET /admin/prompts/{id}': {
    request: async (_, t) => ({ path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}` }),
    status: 200,
    other: 404,
  },
  'PUT /admin/prompts/{id}': {
    request: async (_, t) => ({
      path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}`,
      json: { title: `Authz edited ${randomUUID().slice(0, 8)}`, body: 'Edited [INPUT: x]', access_tier: 'free' },
    }),
    status: 204,
    other: 404,
  },
  'DELETE /admin/prompts/{id}': {
    request: async (_, t) => ({ path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}` }),
    status: 204,
    other: 404,
  },
  'GET /admin/prompts/{id}/suite': {
    request: async (_, t) => ({ path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}/suite` }),
    status: 200,
    other: 404,
  },
  'PUT /admin/prompts/{id}/suite': {
    request: async (_, t) => ({
      path: `/admin/prompts/${t === 'own' ? await libraryPrompt('free') : victim.prompt}/suite`,
      json: { checks: [{ kind: 'contains', value: 'x' }], examples: [] },
    }),
    status: 200,
    other: 404,
  },
  'GET /admin/categories': { request: async () => ({ path: '/admin/categories' }), status: 200 },
  'POST /admin/categories': { request: async () => ({ path: '/admin/categories', json: { name: `Authz new ${randomUUID().slice(0, 8)}` } }), status: 201 },
  'PUT /admin/categories/{id}': {
    request: async (c, t) => ({
      path: `/admin/categories/${t === 'own' && c.role === 'admin' ? await libraryCategory() : victim.category}`,
      json: { name: `Authz renamed ${randomUUID().slice(0, 8)}` },
    }),
    status: 204,
    other: 404,
  },
  'DELETE /admin/categories/{id}': {
    request: async (c, t) => ({ path: `/admin/categories/${t === 'own' && c.role === 'admin' ? await libraryCategory() : victim.category}` }),
    status: 204,
    other: 404,
  },
  'GET /admin/users': { request: async () => ({ path: '/admin/users' }), status: 200 },
  'POST /admin/users': {
    request: async () => {
      const a = newAccount();
      return { path: '/admin/users', json: { email: a.email, password: a.password, access_tier: 'free' } };
    },
    status: 201,
  },
  // "own" is the caller's own account: an admin may change their tier, but never delete themselves.
  'PUT /admin/users/{id}': {
    request: async (c, t) => ({ path: `/admin/users/${t === 'own' ? (c.id ?? victim.id) : await throwawayUser()}`, json: { access_tier: c.tier } }),
    status: 200,
    other: 200,
  },
  'POST /admin/users/{id}/password-reset': {
    request: async (c, t) => ({ path: `/admin/users/${t === 'own' ? (c.id ?? victim.id) : await throwawayUser()}/password-reset` }),
    status: 202,
    other: 202,
  },
  'DELETE /admin/users/{id}': {
    request: async (c, t) => ({ path: `/admin/users/${t === 'own' ? (c.id ?? victim.id) : await throwawayUser()}` }),
    status: 400,
    other: 204,
  },

  // No plan is bought here: the local test checkout only hands out a URL.
  'POST /billing/create-checkout-session': {
    request: async (c) => ({ path: '/billing/create-checkout-session', json: { plan: c.tier === 'pro' ? 'elite' : 'pro' } }),
    status: 200,
  },
  // Tiers set by an admin, not bought: there is no Stripe subscription to manage.
  'POST /billing/portal-session': { request: async () => ({ path: '/billing/portal-session' }), status: 400 },
  // Stripe's route: no bearer token is asked for, the signature is, whoever calls.
  'POST /billing/webhook': { request: async () => ({ path: '/billing/webhook', json: { id: 'evt_x', type: 'checkout.session.completed' } }), status: 400 },

  'GET /context/directives': { request: async () => ({ path: '/context/directives' }), status: 200 },
  'PUT /context/directives': {
    request: async () => ({ path: '/context/directives', json: { global_prompt_prefix: 'p', global_prompt_suffix: 's' } }),
    status: 200,
  },
  'GET /context/snippets': { request: async () => ({ path: '/context/snippets' }), status: 200 },
  'POST /context/snippets': {
    request: async () => ({ path: '/context/snippets', json: { snippet_name: `new ${randomUUID().slice(0, 8)}`, snippet_content: 'x' } }),
    status: 201,
  },
  'PUT /context/snippets/{id}': {
    request: async (c, t) => ({
      path: `/context/snippets/${await idFor('snippet', c, t)}`,
      json: { snippet_name: `renamed ${randomUUID().slice(0, 8)}`, snippet_content: 'y' },
    }),
    status: 200,
    other: 404,
  },
  'DELETE /context/snippets/{id}': { request: async (c, t) => ({ path: `/context/snippets/${await idFor('snippet', c, t)}` }), status: 204, other: 404 },
  'GET /context/profile': { request: async () => ({ path: '/context/profile' }), status: 200 },
  // Profile keys name the caller's own values only; the victim's value is checked untouched below.
  'PUT /context/profile/{key}': { request: async () => ({ path: '/context/profile/secret', json: { value: 'caller value' } }), status: 200, other: 200 },
  'DELETE /context/profile/{key}': { request: async () => ({ path: '/context/profile/secret' }), status: 204, other: 204 },
  'POST /api-keys': { request: async (c) => ({ path: '/api-keys', json: { name: `key ${randomUUID().slice(0, 8)}`, password: c.password } }), status: 201 },
  'GET /api-keys': { request: async () => ({ path: '/api-keys' }), status: 200 },
  'PUT /prompts/{id}/labels/{label}': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/labels/production`, json: { version: 1 } }),
    status: 200,
    other: 404,
  },
  'GET /prompts/{id}/examples': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/examples` }), status: 200, other: 404 },
  'POST /prompts/{id}/examples': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/examples`, json: { inputs: { x: 'a' } } }),
    status: 201,
    other: 404,
  },
  'PUT /prompts/{id}/examples/{example_id}': {
    request: async (c, t) => ({ path: await exampleFor(c, t), json: { inputs: { x: 'b' } } }),
    status: 200,
    other: 404,
  },
  'DELETE /prompts/{id}/examples/{example_id}': { request: async (c, t) => ({ path: await exampleFor(c, t) }), status: 204, other: 404 },
  'POST /prompts/{id}/examples/import': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/examples/import`, json: { format: 'csv', content: 'x\nc\n' } }),
    status: 201,
    other: 404,
  },
  'GET /prompts/{id}/examples/export': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/examples/export` }), status: 200, other: 404 },
  'GET /prompts/{id}/checks': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/checks` }), status: 200, other: 404 },
  'PUT /prompts/{id}/checks': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/checks`, json: { checks: [{ kind: 'contains', value: 'x' }] } }),
    status: 200,
    other: 404,
  },
  'POST /prompts/{id}/evaluations': {
    request: async (c, t) => ({ path: `${await evaluable(c, t)}/evaluations`, json: { columns: [{ version: 2 }] } }),
    status: 202,
    other: 404,
  },
  'POST /prompts/{id}/compare': {
    request: async (c, t) => ({
      path: `/prompts/${await forkFor(c, t)}/compare`,
      json: { columns: [{ version: 1 }, { version: 1, model: 'gpt-4.1-mini' }], variables: { x: 'a' }, blind: true },
    }),
    status: 201,
    other: 404,
  },
  'POST /prompts/{id}/votes': {
    request: async (c, t) => ({
      path: `/prompts/${await forkFor(c, t)}/votes`,
      json: { winner: { version: 1 }, loser: { model: 'gpt-4.1-mini' }, inputs_hash: 'h' },
    }),
    status: 201,
    other: 404,
  },
  'GET /prompts/{id}/votes': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/votes` }), status: 200, other: 404 },
  'POST /prompts/{id}/feedback': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/feedback`, json: { version: 1, rating: 'up' } }),
    status: 201,
    other: 404,
  },
  'GET /prompts/{id}/stats': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/stats` }), status: 200, other: 404 },
  'GET /prompts/{id}/evaluations': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/evaluations` }), status: 200, other: 404 },
  'GET /prompts/{id}/evaluations/{evaluation_id}': { request: async (c, t) => ({ path: await evaluationFor(c, t) }), status: 200, other: 404 },
  'GET /prompts/{id}/evaluations/{evaluation_id}/results': {
    request: async (c, t) => ({ path: `${await evaluationFor(c, t)}/results` }),
    status: 200,
    other: 404,
  },
  // A fresh evaluation: its one cell on the paced local engine takes over a second, so it is still running when cancelled.
  'DELETE /prompts/{id}/evaluations/{evaluation_id}': { request: async (c, t) => ({ path: await evaluationFor(c, t) }), status: 200, other: 404 },
  'POST /prompts/{id}/reviews': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/reviews`, json: { version: 1, label: `r-${randomUUID().slice(0, 8)}` } }),
    status: 201,
    other: 404,
  },
  'GET /prompts/{id}/reviews': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/reviews` }), status: 200, other: 404 },
  // One's own request: approving it or asking for changes is 403, merging it unapproved 409 (tests/api/reviews.test.ts).
  'POST /prompts/{id}/reviews/{review_id}/approve': { request: async (c, t) => ({ path: `${await reviewFor(c, t)}/approve` }), status: 403, other: 404 },
  'POST /prompts/{id}/reviews/{review_id}/request-changes': {
    request: async (c, t) => ({ path: `${await reviewFor(c, t)}/request-changes`, json: { note: 'Shorter, please.' } }),
    status: 403,
    other: 404,
  },
  'POST /prompts/{id}/reviews/{review_id}/merge': { request: async (c, t) => ({ path: `${await reviewFor(c, t)}/merge` }), status: 409, other: 404 },
  'POST /prompts/{id}/reviews/{review_id}/close': { request: async (c, t) => ({ path: `${await reviewFor(c, t)}/close` }), status: 200, other: 404 },
  'GET /prompts/{id}/activity': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/activity` }), status: 200, other: 404 },
  'GET /activity': { request: async () => ({ path: '/activity' }), status: 200 },
  'GET /stats': { request: async () => ({ path: '/stats' }), status: 200 },
  // The caller's own, across workspaces: no id to try (tests/api/review-notices.test.ts: others' reviews never show).
  'GET /notices': { request: async () => ({ path: '/notices' }), status: 200 },
  // A review by its id: one's own request reads (200) and cannot be answered (403); another user's is 404 (tests/api/review-shared-team.test.ts).
  'GET /reviews/{review_id}': { request: async (c, t) => ({ path: `/reviews/${await reviewIdFor(c, t)}` }), status: 200, other: 404 },
  'POST /reviews/{review_id}/approve': { request: async (c, t) => ({ path: `/reviews/${await reviewIdFor(c, t)}/approve` }), status: 403, other: 404 },
  'POST /reviews/{review_id}/request-changes': {
    request: async (c, t) => ({ path: `/reviews/${await reviewIdFor(c, t)}/request-changes`, json: { note: 'Shorter.' } }),
    status: 403,
    other: 404,
  },
  'PUT /prompts/{id}/labels/{label}/protection': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/labels/gated/protection`, json: { require_checks: true, min_pass_rate: 0.9 } }),
    status: 200,
    other: 404,
  },
  'DELETE /prompts/{id}/labels/{label}': { request: async (c, t) => ({ path: `/prompts/${await labelled(c, t)}/labels/staging` }), status: 204, other: 404 },
  'GET /registry/prompts': { request: async () => ({ path: '/registry/prompts' }), status: 200 },
  'GET /registry/prompts/{slug}': { request: async (c, t) => ({ path: `/registry/prompts/${await slugFor(c, t)}` }), status: 200, other: 404 },
  'POST /registry/prompts/{slug}/compile': {
    request: async (c, t) => ({ path: `/registry/prompts/${await slugFor(c, t)}/compile`, json: { variables: { x: 'a' } } }),
    status: 200,
    other: 404,
  },
  // The CLI's routes: the same content again is no new version (200), so the fork stays as the other rows expect it.
  'POST /registry/prompts/{slug}/versions': {
    request: async (c, t) => {
      const slug = await slugFor(c, t);
      if (t === 'other' || !c.token) return { path: `/registry/prompts/${slug}/versions`, json: { base_version: 1, body: 'x' } };
      const latest = (await call('GET', `/registry/prompts/${slug}`, { token: c.token })).body;
      return { path: `/registry/prompts/${slug}/versions`, json: { base_version: latest.version, title: latest.title, body: latest.body } };
    },
    status: 200,
    other: 404,
  },
  'POST /registry/prompts/{slug}/evaluations': {
    request: async (c, t) => {
      if (t === 'own' && c.token) {
        // A prompt runs at most three evaluations at once: those of earlier rows are cancelled first.
        const path = await evaluable(c, t);
        const { evaluations } = (await call('GET', `${path}/evaluations`, { token: c.token })).body as { evaluations: { id: string; status: string }[] };
        for (const running of evaluations.filter((e) => e.status === 'queued' || e.status === 'running'))
          await call('DELETE', `${path}/evaluations/${running.id}`, { token: c.token });
      }
      return { path: `/registry/prompts/${await slugFor(c, t)}/evaluations`, json: { version: 1 } };
    },
    status: 202,
    other: 404,
  },
  'GET /registry/prompts/{slug}/evaluations/{evaluation_id}': {
    request: async (c, t) => {
      const id = (await evaluationFor(c, t)).split('/').at(-1);
      return { path: `/registry/prompts/${await slugFor(c, t)}/evaluations/${id}` };
    },
    status: 200,
    other: 404,
  },
  // Within one's own workspace there is nowhere to copy to (400); another user's prompt names nothing (404).
  'POST /prompts/{id}/copy': {
    request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/copy`, json: { to: null } }),
    status: 400,
    other: 404,
  },
  'POST /prompts/{id}/share': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/share` }), status: 201, other: 404 },
  'DELETE /prompts/{id}/share': { request: async (c, t) => ({ path: `/prompts/${await forkFor(c, t)}/share` }), status: 204, other: 404 },
  // A link is for anyone who has it: signed in or not.
  'GET /shared/{token}': { request: async () => ({ path: `/shared/${victim.shareToken}` }), status: 200, other: 200 },
  // Both targets fork the same link: the free plan's first copy fills its fifth and last slot, the second is refused.
  'POST /shared/{token}/fork': {
    request: async () => ({ path: `/shared/${victim.shareToken}/fork` }),
    status: 201,
    other: (c) => (c.role === 'free' ? 403 : 201),
  },
  'POST /mcp': {
    request: async () => ({
      path: '/mcp',
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'authz', version: '1' } },
      },
      headers: { accept: 'application/json, text/event-stream' },
    }),
    status: 200,
  },
  'DELETE /api-keys/{id}': { request: async (c, t) => ({ path: `/api-keys/${await idFor('apiKey', c, t)}` }), status: 204, other: 404 },
  'POST /connections': { request: async () => ({ path: '/connections', json: connectionInput() }), status: 201 },
  'GET /connections': { request: async () => ({ path: '/connections' }), status: 200 },
  'POST /webhooks': { request: async () => ({ path: '/webhooks', json: { url: 'http://127.0.0.1:9/hook', events: ['prompt.deleted'] } }), status: 201 },
  'GET /webhooks': { request: async () => ({ path: '/webhooks' }), status: 200 },
  'PUT /webhooks/{id}': { request: async (c, t) => ({ path: `/webhooks/${await idFor('webhook', c, t)}`, json: { active: false } }), status: 200, other: 404 },
  'DELETE /webhooks/{id}': { request: async (c, t) => ({ path: `/webhooks/${await idFor('webhook', c, t)}` }), status: 204, other: 404 },
  'GET /webhooks/{id}/deliveries': { request: async (c, t) => ({ path: `/webhooks/${await idFor('webhook', c, t)}/deliveries` }), status: 200, other: 404 },
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    // No such delivery of one's own webhook is 404 too: the route's access is what this row checks.
    request: async (c, t) => ({ path: `/webhooks/${await idFor('webhook', c, t)}/deliveries/msg_none/redeliver` }),
    status: 404,
    other: 404,
  },
  'POST /webhooks/{id}/test': { request: async (c, t) => ({ path: `/webhooks/${await idFor('webhook', c, t)}/test` }), status: 202, other: 404 },
  'DELETE /connections/{id}': { request: async (c, t) => ({ path: `/connections/${await idFor('connection', c, t)}` }), status: 204, other: 404 },
  'POST /connections/{id}/test': { request: async (c, t) => ({ path: `/connections/${await idFor('connection', c, t)}/test` }), status: 200, other: 404 },
  'POST /teams': {
    request: async () => ({ path: '/teams', json: { name: `Authz ${randomUUID().slice(0, 8)}` } }),
    status: (c) => (c.tier === 'free' ? 403 : 201),
  },
  'GET /teams': { request: async () => ({ path: '/teams' }), status: 200 },
  'PUT /teams/{id}': {
    request: async (c, t) => ({ path: `/teams/${await teamFor(c, t)}`, json: { name: 'Renamed' } }),
    status: ownTeamStatus(200),
    other: 404,
  },
  // A team of its own to delete (the slot it takes is freed again).
  'DELETE /teams/{id}': {
    request: async (c, t) => ({ path: `/teams/${t === 'own' && c.token && c.tier !== 'free' ? await newTeam(c) : strangerTeam}` }),
    status: ownTeamStatus(204),
    other: 404,
  },
  'POST /teams/{id}/invites': {
    request: async (c, t) => ({ path: `/teams/${await teamFor(c, t)}/invites`, json: { email: `authz-${randomUUID()}@example.com`, role: 'editor' } }),
    status: ownTeamStatus(201),
    other: 404,
  },
  'GET /teams/{id}/invites': { request: async (c, t) => ({ path: `/teams/${await teamFor(c, t)}/invites` }), status: ownTeamStatus(200), other: 404 },
  'DELETE /teams/{id}/invites/{invite_id}': {
    request: async (c, t) => ({
      path: t === 'own' && c.token && c.tier !== 'free' ? `/teams/${await teamFor(c, t)}/invites/${await ownInvite(c)}` : `/teams/${strangerTeam}/invites/x`,
    }),
    status: ownTeamStatus(204),
    other: 404,
  },
  // Any signed-in person with the link may read it (the accept page says whom it is for).
  'GET /invites/{token}': { request: async (c, t) => ({ path: `/invites/${await invitationFor(c, t)}` }), status: 200, other: 200 },
  // Only the invited address joins: an invitation to someone else answers 403.
  'POST /invites/{token}/accept': { request: async (c, t) => ({ path: `/invites/${await invitationFor(c, t)}/accept` }), status: 200, other: 403 },
  'GET /teams/{id}/members': { request: async (c, t) => ({ path: `/teams/${await teamFor(c, t)}/members` }), status: ownTeamStatus(200), other: 404 },
  // The caller's own role in their own team (owner, unchanged); in a stranger's team, anyone's → 404.
  'PUT /teams/{id}/members/{user_id}': {
    request: async (c, t) => ({ path: `/teams/${await teamFor(c, t)}/members/${c.id}`, json: { role: 'owner' } }),
    status: ownTeamStatus(200),
    other: 404,
  },
  // The caller leaves the team the accept row made them a member of; a stranger's team → 404.
  'DELETE /teams/{id}/members/{user_id}': {
    request: async (c, t) => ({ path: t === 'own' ? `/teams/${invitingTeam}/members/${c.id}` : `/teams/${strangerTeam}/members/${victim.id}` }),
    status: 204,
    other: 404,
  },
};

function expected(route: RouteDef, row: Row, caller: Caller, target: Target): number {
  if (route.access !== 'public' && route.access !== 'stripe' && !caller.token) return 401;
  if (route.access === 'admin' && caller.role !== 'admin') return 403;
  if (target === 'other') {
    if (route.path.includes('{')) return typeof row.other === 'function' ? row.other(caller) : (row.other ?? 404);
    return 404; // a body id of another user's (POST /admin/prompts)
  }
  return typeof row.status === 'function' ? row.status(caller, target) : row.status;
}

/** Routes whose "another user's id" variant is meaningful: path ids, and the publish body. */
const targetsOf = (route: RouteDef): Target[] => (route.path.includes('{') || routeKey(route) === 'POST /admin/prompts' ? ['own', 'other'] : ['own']);

// Logout ends the caller's session, so it goes last.
const ORDERED = [...(ROUTES as readonly RouteDef[])].sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));

const callers = {} as Record<Role, Caller>;

beforeAll(async () => {
  bootstrapAdmin = await adminToken();
  const signed = async (tier: Tier) => {
    const u = await signUp();
    await setTier(u.id, tier);
    return { token: u.token, id: u.id, email: u.email, password: u.password, tier };
  };
  const anon = newAccount();
  await call('POST', '/auth/register', { json: anon });
  callers.anonymous = { role: 'anonymous', email: anon.email, password: anon.password, tier: 'free' };
  callers.free = { role: 'free', ...(await signed('free')) };
  callers.pro = { role: 'pro', ...(await signed('pro')) };
  callers.elite = { role: 'elite', ...(await signed('elite')) };
  // A second admin of its own, so the bootstrap admin is never changed.
  const adminAccount = newAccount();
  const created = await call('POST', '/admin/users', {
    token: bootstrapAdmin,
    json: { email: adminAccount.email, password: adminAccount.password, is_admin: true, access_tier: 'pro' },
  });
  expect(created.status).toBe(201);
  const adminLogin = await call('POST', '/auth/login', { form: { username: adminAccount.email, password: adminAccount.password } });
  callers.admin = {
    role: 'admin',
    token: adminLogin.body.access_token,
    id: created.body.id,
    email: adminAccount.email,
    password: adminAccount.password,
    tier: 'pro',
  };

  const v = await signUp();
  const vc: Caller = { role: 'free', token: v.token, id: v.id, email: v.email, password: v.password, tier: 'free' };
  victim = {
    ...vc,
    prompt: await own.prompt(vc),
    category: await own.category(vc),
    snippet: await own.snippet(vc),
    apiKey: await own.apiKey(vc),
    connection: await own.connection(vc),
    webhook: await own.webhook(vc),
    shareToken: '',
    review: '',
  };
  await call('PUT', `/prompts/${victim.prompt}`, { token: v.token, json: { title: `mine ${run}`, body: 'Mine [INPUT: x]', slug: `victim-${run}` } });
  victim.shareToken = (await call('POST', `/prompts/${victim.prompt}/share`, { token: v.token })).body.token;
  victim.review = (await call('POST', `/prompts/${victim.prompt}/reviews`, { token: v.token, json: { version: 1, label: 'production' } })).body.id;
  await call('PUT', '/context/profile/secret', { token: v.token, json: { value: 'victim value' } });
  const stranger = await signUp();
  await setTier(stranger.id, 'pro');
  strangerTeam = await newTeam({ role: 'pro', token: stranger.token, email: stranger.email, password: stranger.password, tier: 'pro' });
  invitingOwner = { role: 'pro', token: stranger.token, email: stranger.email, password: stranger.password, tier: 'pro' };
  invitingTeam = await newTeam(invitingOwner);
}, 120_000);

describe('authorisation matrix', () => {
  it('has a row for every route of the table', () => {
    expect(ROUTES.map(routeKey).filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !ROUTES.some((r) => routeKey(r) === k))).toEqual([]);
  });

  it('answers every role, route and target as expected, with zero mismatches', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    // Roles in parallel, each one's requests in order.
    await Promise.all(
      ROLES.map(async (role) => {
        const caller = callers[role];
        for (const route of ORDERED) {
          const row = MATRIX[routeKey(route) as RouteKey];
          for (const target of targetsOf(route)) {
            const req = await row.request(caller, target);
            const reply = await call(route.method, req.path, {
              token: caller.token && req.token ? req.token : caller.token,
              json: req.json,
              form: req.form,
              headers: req.headers,
            });
            const want = expected(route, row, caller, target);
            checked++;
            if (reply.status !== want)
              mismatches.push(
                `${role} ${route.method} ${route.path} (${target}): expected ${want}, got ${reply.status} ${JSON.stringify(reply.body)?.slice(0, 160)}`,
              );
            if (reply.status >= 400 && typeof reply.body?.detail !== 'string')
              mismatches.push(`${role} ${route.method} ${route.path} (${target}): ${reply.status} without a detail`);
            // Clean up what an admin published, so the shared library keeps only fixtures.
            if (routeKey(route) === 'POST /admin/prompts' && reply.status === 201)
              await call('DELETE', `/admin/prompts/${reply.body.id}`, { token: bootstrapAdmin });
            if (routeKey(route) === 'POST /admin/categories' && reply.status === 201)
              await call('DELETE', `/admin/categories/${reply.body.id}`, { token: bootstrapAdmin });
          }
        }
      }),
    );

    expect(mismatches).toEqual([]);
    expect(checked).toBe(ROLES.length * ORDERED.reduce((n, r) => n + targetsOf(r).length, 0));
  }, 360_000);

  it('lets no tiered library content out through a share link, edited or not: 403 with detail', async () => {
    const leaks: string[] = [];
    // Fresh sessions: the matrix above ends its callers' sessions.
    for (const tier of ['pro', 'elite'] as const) {
      const c = await signUp();
      await setTier(c.id, tier);
      for (const original of tier === 'elite' ? (['pro', 'elite'] as const) : (['pro'] as const)) {
        const fork = (await call('POST', `/prompts/fork/${await libraryPrompt(original)}`, { token: c.token, json: {} })).body;
        await call('PUT', `/prompts/${fork.id}`, { token: c.token, json: { title: `Mine now ${run}`, body: 'Rewritten [INPUT: x]' } });
        const reply = await call('POST', `/prompts/${fork.id}/share`, { token: c.token });
        if (reply.status !== 403 || typeof reply.body?.detail !== 'string')
          leaks.push(`${tier} plan shared a ${original} copy: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    }
    expect(leaks).toEqual([]);
    // The one link that exists shows the victim's own prompt, and no email, to anyone.
    const page = await call('GET', `/shared/${victim.shareToken}`);
    expect(page.body).toMatchObject({ title: `mine ${run}`, body: 'Mine [INPUT: x]' });
    expect(JSON.stringify(page.body)).not.toContain(victim.email);
  });

  it('lets no tiered library text out through a library prompt page: below its tier only the teaser', async () => {
    const leaks: string[] = [];
    const secret = `Tier secret ${run} ${'that runs well past the eighty characters of a teaser, '.repeat(3)}[INPUT: x]`;
    const ids = {} as Record<'pro' | 'elite', string>;
    for (const tier of ['pro', 'elite'] as const) {
      ids[tier] = `leak-${tier}-${run}`;
      await library.upsertEntries(
        [{ id: ids[tier], title: `Leak ${tier} ${run}`, body: secret, category: null, tasks: [], industries: [], access_tier: tier }],
        'curator@construct.test',
      );
    }
    for (const callerTier of ['free', 'pro', 'elite'] as const) {
      const c = await signUp();
      await setTier(c.id, callerTier);
      for (const tier of ['pro', 'elite'] as const) {
        const reply = await call('GET', `/library/prompts/${ids[tier]}`, { token: c.token });
        const allowed = callerTier === 'elite' || callerTier === tier;
        if (reply.status !== 200) leaks.push(`${callerTier} caller, ${tier} prompt: ${reply.status}`);
        else if (
          allowed
            ? reply.body.body !== secret || reply.body.locked
            : reply.body.body.length > 81 || JSON.stringify(reply.body).includes(secret.slice(0, 120)) || !reply.body.locked
        ) {
          leaks.push(`${callerTier} caller, ${tier} prompt: ${JSON.stringify(reply.body).slice(0, 200)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("left the other user's workspace exactly as it was", async () => {
    const fresh = (await call('POST', '/auth/login', { form: { username: victim.email, password: victim.password } })).body.access_token;
    const prompts = (await call('GET', '/prompts/', { token: fresh })).body.prompts;
    expect(prompts).toEqual([expect.objectContaining({ id: victim.prompt, title: `mine ${run}`, body: 'Mine [INPUT: x]' })]);
    expect((await call('GET', '/categories/', { token: fresh })).body.map((c: { id: string }) => c.id)).toEqual([victim.category]);
    expect((await call('GET', '/context/snippets', { token: fresh })).body).toEqual([expect.objectContaining({ id: victim.snippet, snippet_content: 'x' })]);
    expect((await call('GET', '/context/profile', { token: fresh })).body).toEqual({ values: { secret: 'victim value' } });
    expect((await call('GET', '/api-keys', { token: fresh })).body.keys.map((k: { id: string }) => k.id)).toEqual([victim.apiKey]);
    expect((await call('GET', '/connections', { token: fresh })).body.connections.map((c: { id: string }) => c.id)).toEqual([victim.connection]);
  });
});
