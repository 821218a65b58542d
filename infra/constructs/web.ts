import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, SecretValue, Token, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { FORWARDED_AUTHORIZATION_HEADER, ORIGIN_SECRET_HEADER } from '../../shared/edge';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { API_BASE } from '../../shared/routes';
import { SECURITY_HEADERS } from '../security-headers';
import type { StreamingEndpoint } from './api';
import { TierEdge } from './tier-edge';

export interface WebProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  /** Streamed routes served by function URLs instead of the HTTP API (it buffers responses). */
  streamingEndpoints?: StreamingEndpoint[];
  /** Path patterns of pages the HTTP API renders (`/s/*`, share pages), ahead of the SPA. */
  pagePatterns?: string[];
  /** prod keeps the bucket; dev empties and deletes it with the stack. */
  retain: boolean;
  /** The built SPA; deployed only when it contains index.html. */
  webDist: string;
  /** Optional custom domain; its certificate must be in us-east-1 (CloudFront). */
  domainName?: string;
  certificateArn?: string;
  /** The CloudFront-scope WAF web ACL (infra/edge-stack.ts, created in us-east-1): every distribution has it. */
  webAclArn: string;
  /** The secret CloudFront adds to every request to the API and the run function (shared/edge.ts ORIGIN_SECRET_HEADER). */
  originSecret: ISecret;
  /** The version of it to send (a rotation, README Deploy); without it the current one when CloudFormation updates the distribution. */
  originSecretVersion?: string;
  /** The library tier proof key (64 hex digits) the CloudFront Function checks proofs with. */
  tierProofKey: string;
}

/**
 * The site: a private bucket with the built SPA behind CloudFront (origin access control), and
 * `/api/v1/*` forwarded uncached to the HTTP API, so browser and API share one origin.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<custom domain or distribution domain>` */
  readonly url: string;
  /** Whether web/dist was found and deployed (a stack without it still synthesises). */
  readonly deployed: boolean;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
    });

    const responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Construct security headers (infra/security-headers.ts)',
      ...responseHeadersFrom(SECURITY_HEADERS),
    });

    // History-API routing for the SPA, on the S3 behaviour only: a public page built to HTML
    // (shared/prerendered-pages.ts, docs/architecture.md) gets its file; any other path whose last
    // segment has no file extension is an app route and gets index.html (the shell with its
    // splash). API 404s are never rewritten, and a missing asset stays an error instead of HTML
    // served as JavaScript.
    const prerendered = Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, `/${page.file}`]));
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Serve prerendered public pages, and index.html for other extension-less SPA routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(`var PRERENDERED = ${JSON.stringify(prerendered)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (Object.prototype.hasOwnProperty.call(PRERENDERED, page)) request.uri = PRERENDERED[page];
  else if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) request.uri = '/index.html';
  return request;
}`),
    });

    // Page functions build absolute links (og:url) from the site's host; the API origin receives its
    // own Host, so the viewer's goes along as X-Forwarded-Host (always set here, never the client's).
    const forwardedHost = new cloudfront.Function(this, 'ForwardedHost', {
      comment: 'Name the site host to server-rendered pages',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  return request;
}`),
    });

    const certificate = props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined;
    checkCustomDomain(props.domainName, props.certificateArn);

    // CloudFront compresses (gzip, brotli) only under a cache policy that lets Accept-Encoding into
    // the key, and a policy that never caches cannot. This one caches nothing by default (API
    // answers say no-store; TTL 0 without a Cache-Control), keys on the bearer token so a cached
    // answer could only ever return to the same caller, and lets the origin opt in with max-age.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'Construct API: compressed at the edge, cached only where the origin says so, per bearer token',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // Read by CloudFormation at deploy time (a dynamic reference): the value is never in the template.
    // CloudFormation resolves it again only when the reference changes: a rotation names the new version.
    const originSecretValue = SecretValue.secretsManager(props.originSecret.secretArn, { versionId: props.originSecretVersion });
    const originHeaders = { [ORIGIN_SECRET_HEADER]: originSecretValue.unsafeUnwrap() };
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: originHeaders,
    });
    // The run function URL takes only requests CloudFront signs (origin access control), and the
    // signature goes into Authorization: the viewer's bearer token moves to its own header first,
    // and one a client set itself is dropped (shared/edge.ts; the handler reads it from there).
    const forwardToken = new cloudfront.Function(this, 'ForwardToken', {
      comment: 'Move the bearer token out of Authorization, which origin access control signs into',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(forwardTokenCode()),
    });
    const tierEdge = new TierEdge(this, 'LibraryEdge', { proofKey: props.tierProofKey });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Construct: SPA and API',
      // The CloudFront-scope AWS WAF web ACL (its own us-east-1 stack, infra/edge-stack.ts).
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // The TLS policy applies to a custom certificate only (the default one is fixed by AWS).
      ...(props.domainName ? { domainNames: [props.domainName], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 } : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Listed first: CloudFront takes the first behaviour whose pattern matches.
        ...Object.fromEntries(
          (props.streamingEndpoints ?? []).map(({ path, url }): [string, cloudfront.BehaviorOptions] => [
            path,
            {
              // Streamed answers may pause between chunks while the model thinks.
              origin: origins.FunctionUrlOrigin.withOriginAccessControl(url, { readTimeout: Duration.seconds(60), customHeaders: originHeaders }),
              viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
              allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
              cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
              // The moved token and the body's SHA-256 reach the handler; Host must be the URL's own.
              originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
              functionAssociations: [{ function: forwardToken, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
              // Compression would hold chunks back until a block fills: the answer must flow as written.
              compress: false,
              responseHeadersPolicy,
            },
          ]),
        ),
        // Server-rendered pages (a share link's HTML carries its title and Open Graph tags): never
        // cached (the answer says no-store, so a revoked link is gone at once), compressed.
        ...Object.fromEntries(
          (props.pagePatterns ?? []).map((pattern): [string, cloudfront.BehaviorOptions] => [
            pattern,
            {
              origin: apiOrigin,
              viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
              cachePolicy: apiCachePolicy,
              originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
              compress: true,
              responseHeadersPolicy,
              functionAssociations: [{ function: forwardedHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
            },
          ]),
        ),
        // Library pages and filters: cached per verified tier, not per user (tier-edge.ts).
        [`${API_BASE}/library/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: tierEdge.cachePolicy,
          // The bearer token still reaches the origin (it authenticates every miss), outside the key.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: tierEdge.function, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
          responseHeadersPolicy,
        },
        [`${API_BASE}/*`]: {
          origin: apiOrigin,
          // HTTPS only (no redirect): a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCachePolicy,
          // Forwards the viewer's headers (Authorization is in the cache key), query strings and
          // cookies; Host must be the API's own host name for API Gateway to route the request.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy,
        },
      },
    });

    this.url = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    // Reviewed cdk-nag (AwsSolutions) findings; each is a decision, not an oversight.
    const acknowledge = (id: string, reason: string) => Validations.of(this).acknowledge({ id, reason });
    acknowledge('AwsSolutions-CFR1', 'A global product: no geographic restriction.');
    acknowledge(
      'AwsSolutions-CFR3',
      'CloudFront standard logs need an ACL-enabled bucket; API access logs are kept by API Gateway. Enable CloudFront logging v2 if needed.',
    );
    acknowledge('AwsSolutions-S1', 'The bucket only holds the public build of the SPA; reads go through CloudFront.');
    if (!props.domainName) {
      acknowledge(
        'AwsSolutions-CFR4',
        'The default *.cloudfront.net certificate has a fixed TLS policy; with a custom domain the distribution requires TLS 1.2 (2021).',
      );
    }

    this.deployed = existsSync(join(props.webDist, 'index.html'));
    if (this.deployed) {
      const source = s3deploy.Source.asset(props.webDist);
      // Fingerprinted bundles: cached for a year, never pruned, so a browser still holding the
      // previous index.html can load the chunks it names during and after a deployment.
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [source],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
      // Everything else (index.html, icons, robots.txt): revalidated on every load, deployed after
      // the assets it references, then the CDN cache is invalidated.
      const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [source],
        destinationBucket: this.bucket,
        exclude: ['assets/*'],
        prune: true,
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      site.node.addDependency(assets);
    }
  }
}

/** The viewer-request code of the run behaviour (exported for its test). */
export function forwardTokenCode(): string {
  return `function handler(event) {
  var headers = event.request.headers;
  delete headers['${FORWARDED_AUTHORIZATION_HEADER}'];
  if (headers.authorization) {
    headers['${FORWARDED_AUTHORIZATION_HEADER}'] = { value: headers.authorization.value };
    delete headers.authorization;
  }
  return event.request;
}`;
}

/** A custom domain needs its certificate, and CloudFront only takes certificates from us-east-1. */
export function checkCustomDomain(domainName: string | undefined, certificateArn: string | undefined): void {
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('A custom domain needs both domainName and certificateArn (an ACM certificate in us-east-1).');
  }
  if (certificateArn && !Token.isUnresolved(certificateArn) && !/^arn:aws:acm:us-east-1:\d{12}:certificate\//.test(certificateArn)) {
    throw new Error(`CloudFront only uses ACM certificates from us-east-1; got ${certificateArn}`);
  }
}

/**
 * Maps the header set of infra/security-headers.ts (what the local gateway sends) onto
 * CloudFront's response headers policy, so the two cannot disagree. Headers CloudFront models
 * natively become security headers; any other becomes a custom header. All override the origin.
 */
export function responseHeadersFrom(
  headers: Record<string, string>,
): Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'> {
  const security: {
    -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];

  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const maxAge = /max-age=(\d+)/i.exec(value);
        if (!maxAge) throw new Error(`Unsupported ${name}: ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /\bpreload\b/i.test(value),
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value.toLowerCase() !== 'nosniff') throw new Error(`Unsupported ${name}: ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const option = value.toUpperCase() as cloudfront.HeadersFrameOption;
        if (!Object.values(cloudfront.HeadersFrameOption).includes(option)) throw new Error(`Unsupported ${name}: ${value}`);
        security.frameOptions = { frameOption: option, override: true };
        break;
      }
      case 'referrer-policy': {
        const policy = value.toLowerCase() as cloudfront.HeadersReferrerPolicy;
        if (!Object.values(cloudfront.HeadersReferrerPolicy).includes(policy)) throw new Error(`Unsupported ${name}: ${value}`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    ...(custom.length ? { customHeadersBehavior: { customHeaders: custom } } : {}),
  };
}
