import { createHmac } from 'node:crypto';
import { API_BASE } from '@shared/routes';
import type { Tier } from '@shared/tiers';
import { getJwtKey } from '../http/config';

/**
 * Library pages are the same for every user of a tier, so CloudFront caches them per tier, not
 * per user (docs/architecture.md, "Edge cache of library pages"). The tier is proven by a signed
 * cookie the origin sets: `construct_tier=<tier>.<expiry s>.<HMAC-SHA256 hex>`, path-scoped to the
 * library routes, HttpOnly. A CloudFront Function (infra/constructs/tier-edge.ts) checks it with
 * the same key and writes the header `x-construct-tier` (the tier, or `none`) that the library
 * behaviour's cache key holds; a client can never set that header itself there.
 *
 * The origin still authenticates every request that reaches it (bearer token) and answers for the
 * caller's own tier. It marks the answer cacheable only when the edge header names that same tier,
 * so an entry under a tier's key always holds that tier's answer; otherwise the answer is
 * `no-store` and carries a fresh proof for the caller's tier, so the next request is cacheable.
 */
export const TIER_COOKIE = 'construct_tier';
export const TIER_HEADER = 'x-construct-tier';
/** How long a proof holds: a downgraded user may read the higher tier's cached pages this long at most. */
export const TIER_PROOF_SECONDS = 15 * 60;
/** Tier-generic library answers: browsers revalidate, CloudFront keeps them a minute and serves stale while refreshing. */
export const LIBRARY_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

let key: Promise<string> | undefined;

/** TIER_PROOF_KEY (AWS: the key the stack shares with the CloudFront Function); locally derived from the signing secret. */
function proofKey(): Promise<string> {
  key ??= process.env.TIER_PROOF_KEY
    ? Promise.resolve(process.env.TIER_PROOF_KEY)
    : getJwtKey().then((secret) => createHmac('sha256', secret).update('tier-proof.v1').digest('hex'));
  return key;
}

const mac = async (tier: string, expiry: string) =>
  createHmac('sha256', await proofKey())
    .update(`${tier}.${expiry}`)
    .digest('hex');

/** A proof of `tier` valid for TIER_PROOF_SECONDS from `now` (ms). */
export async function tierProof(tier: Tier, now = Date.now()): Promise<string> {
  const expiry = String(Math.floor(now / 1000) + TIER_PROOF_SECONDS);
  return `${tier}.${expiry}.${await mac(tier, expiry)}`;
}

/** The Set-Cookie value carrying a proof (path-scoped to the library routes, never readable by scripts). */
export const tierCookie = (proof: string) =>
  `${TIER_COOKIE}=${proof}; Path=${API_BASE}/library; Max-Age=${TIER_PROOF_SECONDS}; HttpOnly; Secure; SameSite=Strict`;

/** Removes the proof (sign-out). */
export const clearedTierCookie = `${TIER_COOKIE}=; Path=${API_BASE}/library; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;

/**
 * Cache headers of a tier-generic library answer for a caller of `tier`: cacheable at the edge when
 * the edge's verified tier is the caller's; else `no-store` with a fresh proof for the next request.
 */
export async function libraryCaching(
  headers: Record<string, string | undefined>,
  tier: Tier,
): Promise<{ headers: Record<string, string>; cookies?: string[] }> {
  if (headers[TIER_HEADER] === tier) return { headers: { 'cache-control': LIBRARY_CACHE_CONTROL } };
  return { headers: { 'cache-control': 'no-store' }, cookies: [tierCookie(await tierProof(tier))] };
}
