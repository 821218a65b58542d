import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { FORWARDED_AUTHORIZATION_HEADER } from '@shared/edge';
import { ROUTES, type RouteDef, routeKey } from '@shared/routes';
import { findApiKey, isApiKey, keyHolds, touchApiKey } from '../data/api-keys';
import type { Item, Key } from '../data/db';
import { type PreloadInput, personalPk, teamPk, type WorkspacePk } from '../data/keys';
import { TEAM_NOT_FOUND, teamKeys } from '../data/team';
import { getUserForToken, sessionVersionOf, type UserRecord } from '../data/users';
import { isTeamId, personalWorkspace, teamWorkspace, type WorkspaceRef } from '../data/workspace';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from './errors';
import { type TokenClaims, verifyAccessToken } from './tokens';

/**
 * Authentication of the request chain (http.ts): the bearer token or API key, the caller read with
 * the route's preloads and, for `?workspace=<team id>`, their team membership, in one BatchGet.
 */
export type Event = APIGatewayProxyEventV2 & {
  user?: UserRecord | null;
  session?: TokenClaims | null;
  apiKeyId?: string;
  preloaded?: Record<string, Item | undefined>;
  workspace?: WorkspaceRef;
};
type Result = APIGatewayProxyStructuredResultV2;

const KEY_REVOKED = 'This API key is not valid or has been revoked.';
/** Named from the route table, so a route opened to keys is named here with nothing else to change. */
const KEY_ROUTES = ROUTES.filter((route) => route.access === 'key_or_user').map(routeKey);
export const KEY_REFUSED = `API keys open only ${KEY_ROUTES.slice(0, -1).join(', ')} and ${KEY_ROUTES.at(-1)}. Sign in to use this one.`;

/**
 * Items a signed-in route needs before it writes, by name: each builds its key (or `undefined` to
 * skip it) and the item is read in the same BatchGet as the user and the token's revocation marker,
 * so reading it costs no round trip of its own. Build keys of workspace data from `workspace` (the
 * team's membership is checked in the same read) and personal data from `userId`, so another
 * user's id names nothing and the route answers 404 as before.
 *
 * Such a BatchGet reads strongly (all its keys: DynamoDB sets ConsistentRead per table). The items
 * are ones the route writes next or answers about: a prompt whose version a save conditions on, a
 * snapshot or a category made a moment ago. An eventual read would keep saves correct (their
 * condition fails and they read again) but could miss an item written a moment earlier and answer
 * 404, or refuse a restore as "already current". A strong read costs the same round trip and one
 * read unit per 4 KB instead of half of one.
 */
export type Preload<P extends string, N extends string = string> = Record<P, (input: PreloadInput<N>) => Key | undefined>;

/** The route's path parameters from the event (only the route's own names). */
export function paramsOf(event: Event, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, event.pathParameters?.[name] ?? '']));
}

/** Longest path parameter a route looks up: ids longer than this name nothing (and DynamoDB keys are capped at 1 KB). */
const MAX_PATH_PARAMETER_BYTES = 512;

/** A path that names nothing: a parameter of the route missing or empty, or any too long to be a key. */
export const unroutable = (event: Event, names: string[]) =>
  names.some((name) => !event.pathParameters?.[name]) ||
  Object.values(event.pathParameters ?? {}).some((value) => value !== undefined && Buffer.byteLength(value) > MAX_PATH_PARAMETER_BYTES);

/** The keys a route preloads; none when the path names nothing (pathGuard answers 404 next). */
function preloadKeys(preload: Preload<string> | undefined, event: Event, names: string[], userId: string, workspace: WorkspacePk): Record<string, Key> {
  if (!preload || unroutable(event, names)) return {};
  const input: PreloadInput<string> = { params: paramsOf(event, names), userId, workspace };
  const keys: Record<string, Key> = {};
  for (const [name, build] of Object.entries(preload)) {
    const key = build(input);
    if (key) keys[name] = key;
  }
  return keys;
}

/** Names of the team's items in the authenticating BatchGet, beside the route's own preloads. */
const MEMBER = '\0member';
const TEAM = '\0team';

/**
 * The team a request names with `?workspace=<team id>`, or null for the caller's own workspace.
 * Only workspace routes take it (400 elsewhere, so a client never believes a team was used).
 */
function requestedTeam(entry: RouteDef, event: Event): string | null {
  const value = event.queryStringParameters?.workspace;
  if (value === undefined) return null;
  if (!entry.workspace) throw new BadRequestError('This route does not act on a workspace: leave out ?workspace=.');
  if (!isTeamId(value)) throw new NotFoundError(TEAM_NOT_FOUND);
  return value;
}

/**
 * Reads the caller (and, for a team workspace, their member item and the team item) with the
 * route's preloads in one BatchGet; refuses a team the caller is not in (404) and a viewer's
 * write (403). Removing a member deletes their member item, so their next request is refused.
 */
async function readCaller(entry: RouteDef, event: Event, names: string[], preload: Preload<string> | undefined, userId: string, tokenId: string | null) {
  const teamId = requestedTeam(entry, event);
  const workspace = teamId ? teamPk(teamId) : personalPk(userId);
  const keys = preloadKeys(preload, event, names, userId, workspace);
  if (teamId) Object.assign(keys, { [MEMBER]: teamKeys.member(teamId, userId), [TEAM]: teamKeys.team(teamId) });
  const { user, revoked, preloaded } = await getUserForToken(userId, tokenId, keys);
  if (!user) throw new UnauthorizedError('Your account no longer exists.');
  if (!teamId) return { user, revoked, preloaded, workspace: personalWorkspace(user) };
  const { [MEMBER]: member, [TEAM]: team, ...own } = preloaded as Record<string, Item | undefined>;
  return { user, revoked, preloaded: own, workspace: teamWorkspace(user, teamId, member, team, entry.workspace ?? 'read') };
}

export function authenticate(entry: RouteDef, names: string[], preload?: Preload<string>): middy.MiddlewareObj<Event, Result> {
  const { access } = entry;
  return {
    before: async ({ event }) => {
      if (access === 'public' || access === 'stripe') return;
      // Behind origin access control Authorization holds CloudFront's signature: the token comes moved (shared/edge.ts).
      const header = (entry.streaming ? event.headers?.[FORWARDED_AUTHORIZATION_HEADER] : event.headers?.authorization) ?? '';
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError('Not authenticated.');
      if (isApiKey(token)) {
        // A key opens the registry and MCP routes only (access `key_or_user` in the route table).
        if (access !== 'key_or_user') throw new ForbiddenError(KEY_REFUSED);
        const found = await findApiKey(token);
        if (!found) throw new UnauthorizedError(KEY_REVOKED);
        const [{ user, preloaded, workspace }] = await Promise.all([
          readCaller(entry, event, names, preload, found.user_id, null),
          // GET functions are read-only (least privilege): a key's use is recorded by its writes (compile, MCP).
          event.requestContext?.http?.method === 'GET' ? undefined : touchApiKey(token, found),
        ]);
        // Every key of the user was revoked since this one was made (a reset, a password change, sign out everywhere).
        if (!keyHolds(found, user)) throw new UnauthorizedError(KEY_REVOKED);
        event.user = user;
        event.session = null;
        event.apiKeyId = found.key_id;
        event.preloaded = preloaded;
        event.workspace = workspace;
        return;
      }
      const claims = await verifyAccessToken(token);
      const { user, revoked, preloaded, workspace } = await readCaller(entry, event, names, preload, claims.userId, claims.tokenId);
      // A deleted account's tokens stop working on the next request; so does a logged-out token.
      if (revoked || claims.sessionVersion !== sessionVersionOf(user)) throw new UnauthorizedError('Your session has ended. Please log in again.');
      if (access === 'admin' && !user.is_admin) throw new ForbiddenError('Administrator access is required.');
      event.user = user;
      event.session = claims;
      event.preloaded = preloaded;
      event.workspace = workspace;
    },
  };
}
