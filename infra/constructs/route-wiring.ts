import { API_BASE, type RouteDef } from '../../shared/routes';

/**
 * How the route table meets AWS, read from it: each route's API Gateway path and key, and what its
 * function needs beyond the table and its logs (the JWT key, OpenAI, Stripe, the origin secret for
 * per-address counting, mail). infra/constructs/api.ts grants each function exactly these;
 * tests/infra/stack.test.ts checks the grants.
 */

/**
 * The API Gateway path of a route-table path. HTTP API route keys cannot end in `/` (deploying
 * `GET /prompts/` fails), and API Gateway matches `/prompts/` to the `/prompts` route anyway,
 * so the collection paths with a trailing slash (`/prompts/`, `/categories/`; docs/product.md)
 * are registered without it.
 */
export function apiGatewayPath(path: string): string {
  const full = `${API_BASE}${path}`;
  return full.length > 1 && full.endsWith('/') ? full.slice(0, -1) : full;
}

/** `POST /api/v1/auth/login`: the API Gateway route key of a route-table entry. */
export const apiGatewayRouteKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${apiGatewayPath(r.path)}`;

/** Routes that take a password: a tighter stage-level throttle limits guessing and signup floods. */
export const CREDENTIAL_ROUTES = ['POST /auth/login', 'POST /auth/register'];

/**
 * Which routes need the JWT key: everything behind a bearer token (user/admin) and the public
 * auth routes that issue one. Health/OpenAPI and the Stripe webhook never touch tokens.
 */
export const needsJwtKey = (r: RouteDef) => r.access === 'user' || r.access === 'admin' || r.access === 'key_or_user' || r.handler.startsWith('auth/');

/** Routes that may call OpenAI (functions/lib/services/engine reads OPENAI_SECRET_ARN). */
export const usesOpenAi = (r: RouteDef) => r.handler.startsWith('engine/');

/**
 * Routes that talk to Stripe or verify its webhooks (functions/lib/use-cases/billing reads STRIPE_SECRET_ARN):
 * billing, and the two account deletions, which cancel an active subscription first.
 */
export const STRIPE_DELETION_HANDLERS = ['account/delete', 'admin/delete-user'];
export const usesStripe = (r: Pick<RouteDef, 'handler'>) => r.handler.startsWith('billing/') || STRIPE_DELETION_HANDLERS.includes(r.handler);
export const isBilling = (r: Pick<RouteDef, 'handler'>) => r.handler.startsWith('billing/');

/** Routes whose handlers count per client address (functions/lib/http/client-address.ts): they read the origin secret. */
export const CLIENT_ADDRESS_HANDLERS = [
  'auth/login',
  'auth/forgot-password',
  // A password check on a signed-in change counts on the account and its address (rate-limits.ts, claimSignInAttempt).
  'auth/change-password',
  'account/change-email',
  'account/delete',
  'api-keys/create',
];
export const countsPerAddress = (r: Pick<RouteDef, 'handler'>) => CLIENT_ADDRESS_HANDLERS.includes(r.handler);

/** Routes that send email (functions/lib/services/mail.ts): they get MAIL_FROM, the site URL for links, and ses:SendEmail. */
export const MAIL_HANDLERS = [
  'auth/register',
  'auth/forgot-password',
  'auth/change-password',
  'account/change-email',
  'account/verify-email',
  'account/resend-verification',
  'admin/send-password-reset',
  'api-keys/create',
  'teams/invite',
  // Opening a review mails its reviewers (use-cases/reviews.ts).
  'reviews/create',
];
export const sendsMail = (r: Pick<RouteDef, 'handler'>) => MAIL_HANDLERS.includes(r.handler);

/** The SES identity that may send as `mailFrom`: its domain (`Construct <no-reply@example.com>` → example.com). */
export function mailIdentity(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.trim().split('@')[1];
  if (!domain || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim()))
    throw new Error(`Invalid mailFrom "${mailFrom}": use an address like "Construct <no-reply@example.com>"`);
  return domain.toLowerCase();
}

/** The shape of the Stripe secret (functions/lib/use-cases/billing.ts reads these fields). */
export const STRIPE_SECRET_FIELDS = ['secret_key', 'webhook_secret', 'price_pro', 'price_elite'] as const;
