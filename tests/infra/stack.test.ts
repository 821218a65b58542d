import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConstructStack } from '../../infra/stack';
import { CONTENT_SECURITY_POLICY, HSTS_SECONDS } from '../../infra/security-headers';
import { TABLE_SCHEMA } from '../../infra/table-schema';
import { ROUTES, type RouteDef } from '../../shared/routes';

/**
 * Synthesises the real stack (dev with a stand-in SPA build, prod without one) and checks what an
 * operator relies on: the table matches the shared schema, every route of the table has its own
 * function and API route and nothing else does, least privilege, no secrets in the template, and
 * CloudFront serves the SPA and the API from one origin with the security headers.
 *
 * No Docker, AWS credentials, network or web/dist needed: esbuild bundles locally, and both stacks
 * live in one App so identical handler bundles are built once.
 */

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[]; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Resources = Record<string, Resource>;

/** Section 7 of the product specification ("The calls it makes"), copied literally. */
const SPEC_CALLS = [
  'POST /auth/login',
  'POST /auth/register',
  'GET /auth/me',
  'GET /prompts/',
  'POST /prompts/',
  'PUT /prompts/{id}',
  'DELETE /prompts/{id}',
  'POST /prompts/fork/{id}',
  'GET /categories/',
  'POST /categories/',
  'PUT /categories/{id}',
  'DELETE /categories/{id}',
  'GET /library/prompts',
  'GET /library/filters',
  'POST /engine/enhance',
  'GET /admin/prompts',
  'PATCH /admin/prompts/{id}/tier',
  'GET /admin/users',
  'POST /admin/users',
  'PUT /admin/users/{id}',
  'DELETE /admin/users/{id}',
  'POST /billing/create-checkout-session',
  'GET /context/directives',
  'PUT /context/directives',
  'GET /context/snippets',
  'POST /context/snippets',
  'PUT /context/snippets/{id}',
  'DELETE /context/snippets/{id}',
];

/**
 * Routes the table may have beyond the spec's list, each for a reason in DESIGN.md. A new route
 * outside the spec fails the test until it is listed here with its reason.
 */
const EXTRA_ROUTES = [
  'GET /health', // readiness (DESIGN 6)
  'GET /openapi.json', // the generated contract (DESIGN 2)
  'DELETE /admin/prompts/{id}', // admin deletes library prompts (spec 6, 8)
  'GET /admin/categories', // admin category calls: "paths and methods not shown" (spec 7 notes)
  'POST /admin/categories',
  'PUT /admin/categories/{id}',
  'DELETE /admin/categories/{id}',
  'POST /billing/webhook', // Stripe (DESIGN 5.6)
  'POST /billing/portal-session', // Stripe's customer portal: manage or cancel a plan (issue 7)
  'POST /admin/prompts', // an admin's 'Publish to Library' (DESIGN 5.1)
  'GET /context/profile', // PROFILE variable values stored with the user (DESIGN 5.4)
  'PUT /context/profile/{key}',
  'DELETE /context/profile/{key}',
];

const ROUTE_LIST = ROUTES as readonly RouteDef[];
const key = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
/** API Gateway HTTP API route keys cannot end in '/': '/prompts/' is registered as '/prompts'. */
const gatewayKey = (r: RouteDef) => `${r.method} /api/v1${r.path.replace(/(.)\/$/, '$1')}`;
/** Routes that must be able to verify or issue tokens. */
const needsJwt = (r: RouteDef) => r.access === 'user' || r.access === 'admin' || r.path.startsWith('/auth/');

const ENV = { account: '123456789012', region: 'us-east-1' };
const OPENAI_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:construct/openai-AbCdEf';
const tempDirs: string[] = [];
let dev: Template;
let prod: Template;
let stacks: ConstructStack[];

beforeAll(() => {
  process.env.CDK_DEFAULT_ACCOUNT = ENV.account;
  process.env.CDK_DEFAULT_REGION = ENV.region;
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'construct-infra-'));
    tempDirs.push(dir);
    return dir;
  };
  // A stand-in for `vite build` output, so the deployment branch is synthesised without web/dist.
  const webDist = temp();
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');

  const app = new App({ outdir: temp() });
  const devStack = new ConstructStack(app, 'Construct-dev', { stage: 'dev', env: ENV, webDist });
  const prodStack = new ConstructStack(app, 'Construct-prod', {
    stage: 'prod',
    env: ENV,
    webDist: join(temp(), 'missing'),
    openAiSecretArn: OPENAI_SECRET_ARN,
  });
  dev = Template.fromStack(devStack);
  prod = Template.fromStack(prodStack);
  stacks = [devStack, prodStack];
}, 180_000);

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const resources = (t: Template): Resources => t.toJSON().Resources;
const ofType = (t: Template, type: string) => Object.entries(resources(t)).filter(([, r]) => r.Type === type);
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** The route handlers (CDK's helper functions run other runtimes/architectures). */
const routeFunctions = (t: Template) =>
  ofType(t, 'AWS::Lambda::Function').filter(
    ([, r]) => r.Properties.Runtime === 'nodejs22.x' && JSON.stringify(r.Properties.Architectures) === '["arm64"]',
  );

/** Route key → the function its integration invokes. */
function functionsByRouteKey(t: Template): Map<string, [string, Resource]> {
  const all = resources(t);
  const result = new Map<string, [string, Resource]>();
  for (const [, route] of ofType(t, 'AWS::ApiGatewayV2::Route')) {
    const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
    const fnId = all[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
    result.set(route.Properties.RouteKey, [fnId, all[fnId]!]);
  }
  return result;
}

/** Every IAM action granted to a function's role by inline policies. */
function actionsOf(t: Template, fn: Resource): string[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return ofType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => s.Action));
}

describe('data: the DynamoDB table', () => {
  it('has the key schema, GSI and TTL of TABLE_SCHEMA, on demand, with PITR and encryption', () => {
    // Prepare
    const [, table] = only(ofType(dev, 'AWS::DynamoDB::Table'));
    const p = table.Properties;

    // Assess
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE_SCHEMA.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // SSEEnabled without a key = the AWS-managed key (aws/dynamodb); absent = AWS-owned key.
    expect(p.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('is retained and deletion-protected in prod, disposable in dev', () => {
    const [, prodTable] = only(ofType(prod, 'AWS::DynamoDB::Table'));
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);

    const [, devTable] = only(ofType(dev, 'AWS::DynamoDB::Table'));
    expect(devTable.DeletionPolicy).toBe('Delete');
    expect(devTable.Properties.DeletionProtectionEnabled).not.toBe(true);
  });
});

describe('api: route table ⟷ spec ⟷ API Gateway ⟷ functions', () => {
  it('the route table serves every call of the spec, and only documented extras besides', () => {
    const tableKeys = ROUTE_LIST.map(key);
    expect(SPEC_CALLS).toHaveLength(28);
    for (const call of SPEC_CALLS) expect(tableKeys, call).toContain(call);
    expect(tableKeys.filter((k) => !SPEC_CALLS.includes(k)).sort()).toEqual([...EXTRA_ROUTES].sort());
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
  });

  it('has exactly one API Gateway route per route-table entry, under /api/v1', () => {
    const routeKeys = ofType(dev, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string);
    expect(routeKeys.sort()).toEqual(ROUTE_LIST.map(gatewayKey).sort());
  });

  it('has exactly one nodejs22.x arm64 function per route, each its own, sized from the table', () => {
    // Prepare
    const table = only(ofType(dev, 'AWS::DynamoDB::Table'))[0];
    const byKey = functionsByRouteKey(dev);

    // Assess
    expect(routeFunctions(dev)).toHaveLength(ROUTE_LIST.length);
    expect(new Set([...byKey.values()].map(([id]) => id)).size).toBe(ROUTE_LIST.length);
    for (const route of ROUTE_LIST) {
      const [, fn] = byKey.get(gatewayKey(route))!;
      const p = fn.Properties;
      expect(p.Runtime, key(route)).toBe('nodejs22.x');
      expect(p.Architectures, key(route)).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      expect(p.MemorySize, key(route)).toBe(route.memoryMb ?? 256);
      expect(p.Timeout, key(route)).toBe(route.timeoutSeconds ?? 10);
      expect(p.Environment.Variables.TABLE_NAME, key(route)).toEqual({ Ref: table });
      expect(p.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(p.LoggingConfig.LogGroup.Ref, key(route)).toBeDefined();
    }
  });

  it('gives GET routes read-only table access and the others write access', () => {
    const byKey = functionsByRouteKey(dev);
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    for (const route of ROUTE_LIST) {
      const actions = actionsOf(dev, byKey.get(gatewayKey(route))![1]);
      expect(actions, key(route)).toContain('dynamodb:GetItem');
      if (route.method === 'GET') for (const w of writes) expect(actions, key(route)).not.toContain(w);
      else expect(actions, key(route)).toEqual(expect.arrayContaining(writes));
    }
  });

  it('reads the JWT key by ARN through the extension, only where tokens are used', () => {
    // Prepare
    const [secretId, secret] = only(ofType(dev, 'AWS::SecretsManager::Secret'));
    const byKey = functionsByRouteKey(dev);

    // Assess: generated by Secrets Manager, so the value never appears in the template.
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.Properties.SecretString).toBeUndefined();
    for (const route of ROUTE_LIST) {
      const [, fn] = byKey.get(gatewayKey(route))!;
      const env = fn.Properties.Environment.Variables;
      const actions = actionsOf(dev, fn);
      const layers = JSON.stringify(fn.Properties.Layers ?? []);
      if (needsJwt(route)) {
        expect(env.JWT_SECRET_ARN, key(route)).toEqual({ Ref: secretId });
        expect(actions, key(route)).toContain('secretsmanager:GetSecretValue');
        expect(layers, key(route)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension-Arm64');
      } else {
        expect(env.JWT_SECRET_ARN, key(route)).toBeUndefined();
        expect(actions, key(route)).not.toContain('secretsmanager:GetSecretValue');
      }
    }
  });

  it('hands the operator-provided OpenAI key secret to the enhancement function only', () => {
    for (const [template, expected] of [[dev, undefined], [prod, OPENAI_SECRET_ARN]] as const) {
      const byKey = functionsByRouteKey(template);
      for (const route of ROUTE_LIST) {
        const fn = byKey.get(gatewayKey(route))![1];
        const enhance = key(route) === 'POST /engine/enhance';
        expect(fn.Properties.Environment.Variables.OPENAI_SECRET_ARN, key(route)).toBe(enhance ? expected : undefined);
      }
    }
    const enhanceFn = functionsByRouteKey(prod).get('POST /api/v1/engine/enhance')![1];
    const roleId = enhanceFn.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(expect.objectContaining({ Resource: OPENAI_SECRET_ARN }));
  });

  it('puts no secret value into any function environment', () => {
    const allowed = /^(TABLE_NAME|JWT_SECRET_ARN|OPENAI_SECRET_ARN|NODE_OPTIONS|PARAMETERS_SECRETS_EXTENSION_\w+|SECRETS_MANAGER_\w+|SSM_PARAMETER_STORE_\w+)$/;
    for (const [id, fn] of ofType(dev, 'AWS::Lambda::Function')) {
      const env: Record<string, unknown> = fn.Properties.Environment?.Variables ?? {};
      for (const [name, value] of Object.entries(env)) {
        if (routeFunctions(dev).some(([fid]) => fid === id)) expect(name, `${id} ${name}`).toMatch(allowed);
        // Dynamic references would resolve the value into the configuration at deploy time.
        expect(JSON.stringify(value), `${id} ${name}`).not.toMatch(/resolve:(secretsmanager|ssm-secure)/);
        if (typeof value === 'string') expect(value, `${id} ${name}`).not.toMatch(/^[A-Za-z0-9+/=_-]{32,}$/);
      }
    }
    for (const t of [dev, prod]) expect(JSON.stringify(t.toJSON())).not.toMatch(/resolve:(secretsmanager|ssm-secure)/);
  });

  it('throttles the stage, login and register more strictly, and logs access', () => {
    const [, stage] = only(ofType(dev, 'AWS::ApiGatewayV2::Stage'));
    const routes = Object.fromEntries(ofType(dev, 'AWS::ApiGatewayV2::Route').map(([id, r]) => [r.Properties.RouteKey, id]));
    const p = stage.Properties;
    expect(p.StageName).toBe('$default');
    expect(p.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    for (const k of ['POST /api/v1/auth/login', 'POST /api/v1/auth/register']) {
      expect(routes[k], k).toBeDefined();
      expect(p.RouteSettings[k].ThrottlingRateLimit).toBeLessThan(p.DefaultRouteSettings.ThrottlingRateLimit);
      expect(p.RouteSettings[k].ThrottlingBurstLimit).toBeLessThan(p.DefaultRouteSettings.ThrottlingBurstLimit);
      // A stage naming a route that does not exist yet fails to deploy.
      expect(stage.DependsOn, k).toContain(routes[k]);
    }
    expect(p.AccessLogSettings.DestinationArn['Fn::GetAtt'][1]).toBe('Arn');
    expect(p.AccessLogSettings.Format).toContain('$context.requestId');
  });
});

describe('web: bucket and CloudFront', () => {
  const distribution = (t: Template) => only(ofType(t, 'AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;

  it('keeps the bucket private, encrypted and TLS-only', () => {
    const [bucketId, bucket] = only(ofType(dev, 'AWS::S3::Bucket'));
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    const [, policy] = only(ofType(dev, 'AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket.Ref === bucketId));
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('sends /api/v1/* to the HTTP API uncached, with all methods and the viewer headers', () => {
    const config = distribution(dev);
    const api = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/*')) as Record<string, any>;
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(api.AllowedMethods).toHaveLength(7);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('applies the security headers of infra/security-headers.ts to every behaviour', () => {
    const [policyId, policy] = only(ofType(dev, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toBe(CONTENT_SECURITY_POLICY);
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(HSTS_SECONDS);
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const config = distribution(dev);
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
      expect(behavior.Compress).toBe(true);
    }
  });

  it('falls back to index.html for app routes only, never for API errors or missing files', () => {
    // Prepare: run the viewer-request function's own code.
    const config = distribution(dev);
    expect(config.CustomErrorResponses).toBeUndefined();
    const association = only(config.DefaultCacheBehavior.FunctionAssociations) as { EventType: string };
    expect(association.EventType).toBe('viewer-request');
    expect(config.CacheBehaviors[0].FunctionAssociations).toBeUndefined();
    const [, fn] = only(ofType(dev, 'AWS::CloudFront::Function'));
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;

    // Assess
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/prompts')).toBe('/index.html');
    expect(rewrite('/admin/users/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('deploys a built SPA with immutable assets and a revalidated index.html', () => {
    const deployments = ofType(dev, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.Include?.includes('assets/*'))!;
    const site = deployments.find((d) => d.Exclude?.includes('assets/*') && !d.Include)!;
    expect(assets.SystemMetadata['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(assets.Prune).toBe(false);
    expect(site.SystemMetadata['cache-control']).toBe('no-cache');
    expect(site.DistributionPaths).toEqual(['/*']);
  });

  it('still synthesises without a built SPA, deploying nothing to the bucket', () => {
    expect(ofType(prod, 'Custom::CDKBucketDeployment')).toHaveLength(0);
    expect(ofType(prod, 'AWS::CloudFront::Distribution')).toHaveLength(1);
  });

  it('publishes the site, API and Stripe webhook URLs on one origin', () => {
    const outputs = dev.toJSON().Outputs as Record<string, { Value: unknown }>;
    const site = JSON.stringify(outputs.SiteUrl!.Value);
    expect(site).toContain('DomainName');
    expect(JSON.stringify(outputs.ApiUrl!.Value)).toContain('/api/v1');
    expect(JSON.stringify(outputs.StripeWebhookUrl!.Value)).toContain('/api/v1/billing/webhook');
    expect(ROUTE_LIST.find((r) => key(r) === 'POST /billing/webhook')?.access).toBe('stripe');
  });
});

describe('limits', () => {
  it('stays well inside the CloudFormation limit of 500 resources per stack', () => {
    // About 7 resources per route (function, role, policy, log group, integration, route,
    // permission): past ~60 routes the API needs a nested stack or shared roles.
    for (const t of [dev, prod]) expect(Object.keys(resources(t)).length).toBeLessThan(450);
  });
});

describe('cdk-nag', () => {
  it('passes the AwsSolutions pack, every exception acknowledged with a reason next to its cause', () => {
    const findings = stacks.flatMap((stack) =>
      new AwsSolutionsChecks().validateScope(stack).violations.flatMap((v) =>
        v.violatingResources
          .map((r) => `${v.ruleName} at ${r.constructPath}`)
          // CDK's own BucketDeployment handler (its role and runtime are CDK's choice, not ours).
          .filter((f) => !f.includes('/Custom::CDKBucketDeployment')),
      ),
    );
    expect(findings).toEqual([]);
  });
});
