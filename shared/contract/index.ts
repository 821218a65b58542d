import type { RouteKey } from '../routes';
import type { RouteContract } from './route-contract';
import { ACCOUNT_ROUTES } from './routes/account';
import { ADMIN_ROUTES } from './routes/admin';
import { BILLING_ROUTES } from './routes/billing';
import { CONNECTIONS_ROUTES } from './routes/connections';
import { CONTEXT_ROUTES } from './routes/context';
import { ENGINE_ROUTES } from './routes/engine';
import { LIBRARY_ROUTES } from './routes/library';
import { PROMPTS_ROUTES } from './routes/prompts';
import { REGISTRY_ROUTES } from './routes/registry';
import { SHARING_ROUTES } from './routes/sharing';
import { SYSTEM_ROUTES } from './routes/system';
import { TEAMS_ROUTES } from './routes/teams';
import { WEBHOOKS_ROUTES } from './routes/webhooks';

export type { RouteContract } from './route-contract';

/**
 * Request and response schemas per route, one entry for every route of the table (the type says
 * so): handlers validate with them (functions/lib/http/http.ts `api` demands the entry's own schemas), the OpenAPI
 * document is built from them, and tests/unit/route-contract.test.ts checks all three agree.
 */
export const CONTRACT = {
  ...SYSTEM_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PROMPTS_ROUTES,
  ...LIBRARY_ROUTES,
  ...CONTEXT_ROUTES,
  ...REGISTRY_ROUTES,
  ...SHARING_ROUTES,
  ...TEAMS_ROUTES,
  ...CONNECTIONS_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...ADMIN_ROUTES,
  ...BILLING_ROUTES,
  ...ENGINE_ROUTES,
} satisfies Record<RouteKey, RouteContract>;

type Entry<K extends RouteKey> = (typeof CONTRACT)[K];
/** The schema a route's handler validates its body with; `undefined` for a route without a body. */
export type BodySchemaOf<K extends RouteKey> = Entry<K> extends { parsedAs: infer S } ? S : Entry<K> extends { request: infer S } ? S : undefined;
/** The schema of a route's query string; `undefined` for a route that reads none. */
export type QuerySchemaOf<K extends RouteKey> = Entry<K> extends { query: infer S } ? S : undefined;

/** A route's entry by its key, widened to RouteContract (for code that walks the route table). */
export const contractOf = (key: string): RouteContract | undefined => (CONTRACT as Record<string, RouteContract>)[key];
