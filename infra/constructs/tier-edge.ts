import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { TIERS } from '../../shared/tiers';

/** Names shared with the origin (functions/lib/use-cases/tier-proof.ts); a unit test checks they agree. */
export const EDGE_TIER_COOKIE = 'construct_tier';
export const EDGE_TIER_HEADER = 'x-construct-tier';

/**
 * The CloudFront Function (cloudfront-js-2.0, viewer request) of the library behaviour: checks the
 * tier proof cookie (`<tier>.<expiry s>.<HMAC-SHA256 hex>`, functions/lib/use-cases/tier-proof.ts) with `key`
 * and writes the verified tier, or `none`, into the header the cache key holds. Whatever a client
 * sent in that header is replaced, so only a valid proof selects a tier's cached pages.
 */
export function tierFunctionCode(key: string): string {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('The tier proof key must be 32 bytes as 64 hex digits');
  return `var crypto = require('crypto');
var KEY = '${key}';
var TIERS = ${JSON.stringify(Object.fromEntries(TIERS.map((t) => [t, true])))};
function verified(cookie) {
  if (!cookie) return 'none';
  var parts = cookie.value.split('.');
  if (parts.length !== 3 || TIERS[parts[0]] !== true || !/^[0-9]{1,12}$/.test(parts[1])) return 'none';
  if (Number(parts[1]) * 1000 <= Date.now()) return 'none';
  var mac = crypto.createHmac('sha256', KEY).update(parts[0] + '.' + parts[1]).digest('hex');
  return mac === parts[2] ? parts[0] : 'none';
}
function handler(event) {
  var request = event.request;
  request.headers['${EDGE_TIER_HEADER}'] = { value: verified(request.cookies['${EDGE_TIER_COOKIE}']) };
  return request;
}
`;
}

/**
 * Per-tier edge caching of the library read routes (docs/architecture.md, "Edge cache of library
 * pages"): the function above, and a cache policy keyed by the verified tier header and the query
 * string, never by the bearer token or a cookie, so every user of a tier shares one cached page.
 * Nothing is cached unless the origin says so (`s-maxage` on tier-generic answers only).
 */
export class TierEdge extends Construct {
  readonly function: cloudfront.Function;
  readonly cachePolicy: cloudfront.CachePolicy;

  constructor(scope: Construct, id: string, props: { proofKey: string }) {
    super(scope, id);
    this.function = new cloudfront.Function(this, 'TierProof', {
      comment: 'Verify the library tier proof cookie; set x-construct-tier for the cache key',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(tierFunctionCode(props.proofKey)),
    });
    this.cachePolicy = new cloudfront.CachePolicy(this, 'LibraryCachePolicy', {
      comment: 'Construct library pages: cached per verified tier (not per user) where the origin allows',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(EDGE_TIER_HEADER),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }
}
