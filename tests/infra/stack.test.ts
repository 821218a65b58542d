import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, type NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_RANKS_MODULE } from '../../functions/lib/services/engine/token-estimate';
import { measureBundles } from '../../infra/bundle-sizes';
import { MAX_METRICS_PER_ALARM } from '../../infra/constructs/alarms';
import { RUN_CONCURRENCY } from '../../infra/constructs/api';
import { type ApiFunction, tokenRanksFiles } from '../../infra/constructs/api-function';
import { SNAPSHOT_BUILDER_DESCRIPTION } from '../../infra/constructs/library-snapshots';
import { REPO_ROOT } from '../../infra/constructs/paths';
import { areaOf, routeStackId, STACK_RESOURCE_BUDGET } from '../../infra/constructs/route-stacks';
import { CLIENT_ADDRESS_HANDLERS } from '../../infra/constructs/route-wiring';
import { tierFunctionCode } from '../../infra/constructs/tier-edge';
import { forwardTokenCode } from '../../infra/constructs/web';
import { WORKER_DESCRIPTION } from '../../infra/constructs/workers';
import { settingsFromContext, THROTTLE_DEFAULTS } from '../../infra/context';
import { addStage } from '../../infra/deployment';
import { EDGE_DEFAULTS, EdgeStack } from '../../infra/edge-stack';
import { CONTENT_SECURITY_POLICY, HSTS_SECONDS } from '../../infra/security-headers';
import { ConstructStack, type ConstructStackProps, readsLibrarySnapshot, usesTierProof } from '../../infra/stack';
import { LEGACY_USERS_INDEX, TABLE_SCHEMA } from '../../infra/table-schema';
import { FORWARDED_AUTHORIZATION_HEADER, ORIGIN_SECRET_HEADER } from '../../shared/edge';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { PAGE_ROUTES, ROUTES, type RouteDef } from '../../shared/routes';
import { queueUrlEnv, visibilityTimeoutOf, WORKERS, type WorkerDef } from '../../shared/workers';
import { SPEC_CALLS } from '../support/spec-calls';
import { StackTemplates } from '../support/stack-templates';
import { TEST_WORKERS } from '../support/workers/table';

/**
 * Synthesises the real stack (dev with a stand-in SPA build, prod without one) and checks what an
 * operator relies on: the table matches the shared schema, every route of the table has its own
 * function and API route and nothing else does, least privilege, no secrets in the template, and
 * CloudFront serves the SPA and the API from one origin with the security headers.
 *
 * Each stack is its main template and the nested stacks of its route areas and workers; the
 * assertions read them as one (tests/support/stack-templates.ts: references between the stacks
 * followed to what they name), and the "stacks" block checks the split itself.
 *
 * No Docker, AWS credentials, network or web/dist needed, and one synthesis for every test: the
 * stacks whose assertions need no code skip bundling (CDK's bundling-stacks context), and one more
 * stack with a sample of routes and every worker is bundled with the local esbuild (the docker
 * command is replaced by one that fails, so any Docker bundling would break synthesis). dev runs
 * on the defaults (placeholder Stripe secret, no custom domain, no OpenAI); prod gets every context
 * an operator may set (Stripe and OpenAI secrets, custom domain, alarm email).
 */

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Record<string, unknown>;
};
type Resources = Record<string, Resource>;

/**
 * Routes the table may have beyond the calls the product was specified with (docs/product.md),
 * each with its reason. A new route beyond them fails the test until it is listed here with one.
 */
const EXTRA_ROUTES = [
  'GET /health', // liveness check: answers `{status: 'ok'}` without a token
  'GET /openapi.json', // the generated contract (docs/architecture.md, One contract)
  'DELETE /admin/prompts/{id}', // admin deletes library prompts (docs/product.md, Control center)
  'GET /admin/categories', // library categories managed in the control center (docs/product.md)
  'POST /admin/categories',
  'PUT /admin/categories/{id}',
  'DELETE /admin/categories/{id}',
  'POST /billing/webhook', // Stripe's events (docs/decisions.md, Product: Billing)
  'POST /billing/portal-session', // Stripe's customer portal: manage or cancel a plan
  'POST /auth/logout', // ends tokens server-side, not only in the browser (RFC 8725)
  'POST /admin/prompts', // an admin's 'Publish to Library' (docs/decisions.md, Product)
  'GET /context/profile', // PROFILE variable values stored with the user (docs/decisions.md, Product)
  'PUT /context/profile/{key}',
  'DELETE /context/profile/{key}',
  'GET /prompts/{id}/versions', // version history (docs/decisions.md, Product)
  'POST /prompts/{id}/versions/{version}/restore',
  'GET /prompts/{id}/library-update', // fork lineage (docs/decisions.md, Product)
  'POST /prompts/{id}/library-update/pull',
  'POST /prompts/{id}/library-update/dismiss',
  'GET /prompts/export', // import and export (docs/decisions.md, Product)
  'POST /prompts/import',
  'POST /prompts/import/openai', // a home for OpenAI's retired prompt objects (docs/product.md, Moving from OpenAI prompts)
  'POST /engine/run', // run in place, streamed (docs/decisions.md, Product)
  'POST /auth/logout-all', // accounts: sign out everywhere (docs/product.md)
  'POST /auth/password/forgot', // password reset by emailed link
  'POST /auth/password/reset',
  'PUT /auth/password', // password change
  'GET /account', // the account page with plan usage
  'PUT /account',
  'POST /account/email', // email change and confirmation
  'POST /account/email/verify',
  'POST /account/email/verification',
  'GET /account/export', // everything about the user, as a download
  'DELETE /account', // account deletion
  'POST /admin/users/{id}/password-reset', // the admin's 'Send password reset'
  'POST /api-keys', // prompts outside the app: API keys, labels, the registry, MCP (docs/product.md, API keys)
  'GET /api-keys',
  'DELETE /api-keys/{id}',
  'PUT /prompts/{id}/labels/{label}',
  'DELETE /prompts/{id}/labels/{label}',
  'PUT /prompts/{id}/labels/{label}/protection', // protected labels: the gate (docs/product.md, Test suites)
  // Test suites: examples, checks and evaluations (docs/product.md, Test suites)
  'GET /prompts/{id}/examples',
  'POST /prompts/{id}/examples',
  'PUT /prompts/{id}/examples/{example_id}',
  'DELETE /prompts/{id}/examples/{example_id}',
  'POST /prompts/{id}/examples/import',
  'GET /prompts/{id}/examples/export',
  'GET /prompts/{id}/checks',
  'PUT /prompts/{id}/checks',
  'POST /prompts/{id}/evaluations',
  'GET /prompts/{id}/evaluations',
  'GET /prompts/{id}/evaluations/{evaluation_id}',
  'GET /prompts/{id}/evaluations/{evaluation_id}/results',
  'DELETE /prompts/{id}/evaluations/{evaluation_id}',
  'GET /prompts/{id}/stats', // the scoreboard: use counted by Construct (docs/architecture.md, Usage and stats)
  'GET /stats', // the workspace overview, from its own roll-up
  'POST /prompts/{id}/compare', // compare side by side, blind (docs/architecture.md, Compare and votes)
  'POST /prompts/{id}/votes',
  'GET /prompts/{id}/votes',
  'POST /prompts/{id}/feedback',
  'GET /registry/prompts',
  'GET /registry/prompts/{slug}',
  'POST /registry/prompts/{slug}/compile',
  'POST /registry/prompts/{slug}/versions', // the CLI: push, eval (docs/product.md, The construct CLI)
  'POST /registry/prompts/{slug}/evaluations',
  'GET /registry/prompts/{slug}/evaluations/{evaluation_id}',
  'POST /mcp',
  'POST /prompts/{id}/share', // share links (docs/product.md, Share links)
  'DELETE /prompts/{id}/share',
  'GET /shared/{token}',
  'POST /shared/{token}/fork',
  'GET /library/prompts/{id}', // a page per library prompt (docs/product.md, Library)
  'GET /library/prompts/{id}/rating', // library ratings from use (docs/product.md, Library ratings)
  'PUT /library/prompts/{id}/rating',
  'GET /admin/prompts/{id}', // admins edit a library prompt's text
  'PUT /admin/prompts/{id}',
  'GET /admin/prompts/{id}/suite', // admins edit a library prompt's checks and examples (issue 29: forks take them in)
  'PUT /admin/prompts/{id}/suite',
  'POST /prompts/{id}/copy', // 'Move/copy to…': a prompt into another workspace, a team's or one's own
  'POST /teams', // team workspaces: teams, invitations, members (docs/product.md, Teams (API))
  'GET /teams',
  'PUT /teams/{id}',
  'DELETE /teams/{id}',
  'POST /teams/{id}/invites',
  'GET /teams/{id}/invites',
  'DELETE /teams/{id}/invites/{invite_id}',
  'GET /invites/{token}',
  'POST /invites/{token}/accept',
  'GET /teams/{id}/members',
  'PUT /teams/{id}/members/{user_id}',
  'DELETE /teams/{id}/members/{user_id}',
  'POST /connections', // model connections: a workspace's provider keys (docs/product.md, Model connections (API))
  'GET /connections',
  'GET /activity',
  'GET /prompts/{id}/activity',
  'POST /prompts/{id}/reviews',
  'GET /prompts/{id}/reviews',
  'POST /prompts/{id}/reviews/{review_id}/approve',
  'POST /prompts/{id}/reviews/{review_id}/request-changes',
  'POST /prompts/{id}/reviews/{review_id}/merge',
  'POST /prompts/{id}/reviews/{review_id}/close',
  'GET /notices', // the header's notices: the reviews waiting on the caller (docs/product.md, Reviews)
  'GET /reviews/{review_id}', // a shared team's reviewer reads and answers a review in another person's own workspace (docs/product.md, Reviews)
  'POST /reviews/{review_id}/approve',
  'POST /reviews/{review_id}/request-changes',
  'POST /webhooks',
  'GET /webhooks',
  'PUT /webhooks/{id}',
  'DELETE /webhooks/{id}',
  'GET /webhooks/{id}/deliveries',
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver',
  'POST /webhooks/{id}/test',
  'DELETE /connections/{id}',
  'POST /connections/{id}/test',
];

const ROUTE_LIST = ROUTES as readonly RouteDef[];
const key = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
/** API Gateway HTTP API route keys cannot end in '/': '/prompts/' is registered as '/prompts'. */
const gatewayKey = (r: RouteDef) => `${r.method} /api/v1${r.path.replace(/(.)\/$/, '$1')}`;
/** Routes that must be able to verify or issue tokens. */
const needsJwt = (r: RouteDef) => r.access === 'user' || r.access === 'admin' || r.access === 'key_or_user' || r.path.startsWith('/auth/');

const ENV = { account: '123456789012', region: 'us-east-1' };
const OPENAI_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:construct/openai-AbCdEf';
const STRIPE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:construct/stripe-GhIjKl';
const DOMAIN = 'app.example.com';
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const ALARM_EMAIL = 'ops@example.com';
const MAIL_FROM = 'Construct <no-reply@mail.example.com>';
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/construct-prod/0123abcd-0123-4567-89ab-0123456789ab';
const API_DOMAIN = 'api-origin.example.com';
/** A version of the origin secret, as `aws secretsmanager put-secret-value` prints it (a rotation). */
const ORIGIN_SECRET_VERSION = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const API_CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/66666666-7777-8888-9999-000000000000';
const tempDirs: string[] = [];
/** The cloud assembly directory, where each bundled function is staged as asset.<hash>/. */
let outdir: string;
let dev: StackTemplates;
let prod: StackTemplates;
/** A stack running the test workers beside the product's routes. */
let withWorkers: StackTemplates;
/** The one bundled stack: BUNDLED_HANDLERS' routes and every worker, product and test. */
let bundled: StackTemplates;
let stacks: ConstructStack[];
/** The stages' web ACL stacks (infra/deployment.ts wires each to its distribution). */
let devEdge: Template;
let prodEdge: Template;
let edgeStacks: EdgeStack[];
let devStack: ConstructStack;

/**
 * The routes whose functions the bundled stack builds: a sample of what bundling must get right
 * (password hashing, the Stripe and OpenAI SDKs, a streamed answer, the whole contract), with
 * login and register, whose throttles the stack requires.
 */
const BUNDLED_HANDLERS = ['auth/login', 'auth/register', 'billing/webhook', 'engine/enhance', 'engine/run', 'system/openapi'];
const BUNDLED_STACK = 'Construct-bundles';

beforeAll(() => {
  process.env.CDK_DEFAULT_ACCOUNT = ENV.account;
  process.env.CDK_DEFAULT_REGION = ENV.region;
  // Any attempt to bundle in Docker runs this instead, and fails.
  process.env.CDK_DOCKER = '/bin/false';
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'construct-infra-'));
    tempDirs.push(dir);
    return dir;
  };
  // A stand-in for `vite build` output, so the deployment branch is synthesised without web/dist.
  const webDist = temp();
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><!--splash--><div class="boot-splash">Loading...</div><!--/splash--><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');

  outdir = temp();
  // Only the bundled stack runs esbuild (a nested stack bundles when its parent does).
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [BUNDLED_STACK] } });
  // Both stages as the CDK app builds them (infra/deployment.ts), here in one region with their edge stacks.
  const devStage = addStage(app, { stage: 'dev' }, ENV, { webDist });
  const prodStage = addStage(
    app,
    {
      stage: 'prod',
      openAiSecretArn: OPENAI_SECRET_ARN,
      openAiModel: 'gpt-4o-mini',
      stripeSecretArn: STRIPE_SECRET_ARN,
      domainName: DOMAIN,
      certificateArn: CERTIFICATE_ARN,
      apiDomainName: API_DOMAIN,
      apiCertificateArn: API_CERTIFICATE_ARN,
      alarmEmail: ALARM_EMAIL,
      mailFrom: MAIL_FROM,
      librarySearch: 'opensearch',
      legacyUsersIndex: true,
      originSecretVersion: ORIGIN_SECRET_VERSION,
    },
    ENV,
    { webDist: join(temp(), 'missing') },
  );
  devStack = devStage.main;
  // The product's worker table may be empty or short: a third stack runs the test workers
  // (tests/support/workers), so the queue and key wiring is seen to grant as well as to withhold.
  // The product's workers come along: its routes enqueue to them.
  const workersStack = new ConstructStack(app, 'Construct-workers', {
    stage: 'prod',
    env: ENV,
    workers: [...WORKERS, ...TEST_WORKERS],
    webAclArn: WEB_ACL_ARN,
  });
  const bundledStack = new ConstructStack(app, BUNDLED_STACK, {
    stage: 'dev',
    env: ENV,
    webDist: join(temp(), 'missing'),
    webAclArn: WEB_ACL_ARN,
    routes: ROUTE_LIST.filter((r) => BUNDLED_HANDLERS.includes(r.handler)),
    workers: [...WORKERS, ...TEST_WORKERS],
  });
  dev = new StackTemplates(devStack);
  prod = new StackTemplates(prodStage.main);
  devEdge = Template.fromStack(devStage.edge);
  prodEdge = Template.fromStack(prodStage.edge);
  withWorkers = new StackTemplates(workersStack);
  bundled = new StackTemplates(bundledStack);
  stacks = [devStack, prodStage.main, workersStack];
  edgeStacks = [devStage.edge, prodStage.edge];
}, 600_000); // four stacks, about a dozen esbuild bundles

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A synthesised template: CDK's `Template`, or a stack with its nested stacks (`StackTemplates`). */
type Synthesised = { toJSON(): Record<string, any> };
const resources = (t: Synthesised): Resources => t.toJSON().Resources;
/** The cache policy of a CloudFront behaviour (its `CachePolicyId` is a Ref into the template). */
const cachePolicyOf = (t: Synthesised, behaviour: Record<string, any>) => resources(t)[behaviour.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
const ofType = (t: Synthesised, type: string) => Object.entries(resources(t)).filter(([, r]) => r.Type === type);
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** The route handlers (CDK's helper functions run other runtimes/architectures). */
const routeFunctions = (t: Synthesised) =>
  ofType(t, 'AWS::Lambda::Function').filter(
    ([, r]) =>
      r.Properties.Runtime === 'nodejs22.x' &&
      JSON.stringify(r.Properties.Architectures) === '["arm64"]' &&
      r.Properties.Description !== SNAPSHOT_BUILDER_DESCRIPTION &&
      !String(r.Properties.Description).startsWith(`${WORKER_DESCRIPTION} `),
  );
/** Worker functions by worker name (their description is `Worker <name>`). */
const workerFunctions = (t: Synthesised) =>
  new Map(
    ofType(t, 'AWS::Lambda::Function')
      .filter(([, r]) => String(r.Properties.Description).startsWith(`${WORKER_DESCRIPTION} `))
      .map(([id, r]) => [String(r.Properties.Description).slice(WORKER_DESCRIPTION.length + 1), [id, r] as [string, Resource]]),
  );

/**
 * Route key → the function serving it: the one its API Gateway integration invokes, or for a
 * streaming route the function behind its function URL (described by its route key).
 */
function functionsByRouteKey(t: Synthesised): Map<string, [string, Resource]> {
  const all = resources(t);
  const result = new Map<string, [string, Resource]>();
  for (const [, route] of ofType(t, 'AWS::ApiGatewayV2::Route')) {
    const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
    const fnId = all[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
    result.set(route.Properties.RouteKey, [fnId, all[fnId]!]);
  }
  for (const [, url] of ofType(t, 'AWS::Lambda::Url')) {
    const fnId = url.Properties.TargetFunctionArn['Fn::GetAtt'][0] as string;
    result.set(all[fnId]!.Properties.Description as string, [fnId, all[fnId]!]);
  }
  return result;
}
/** Routes whose answer streams: served by a function URL, not by API Gateway (it buffers). */
const isStreaming = (r: RouteDef) => r.streaming === true;

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** Every IAM statement granted to a function's role by inline policies. */
function statementsOf(t: Synthesised, fn: Resource): Statement[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return ofType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

/** Every IAM action granted to a function's role by inline policies. */
function actionsOf(t: Synthesised, fn: Resource): string[] {
  return statementsOf(t, fn).flatMap((s) => s.Action);
}

/** The secrets (as their template value: `{Ref}` or an ARN) a function may read. */
function secretsReadBy(t: Synthesised, fn: Resource): string[] {
  return statementsOf(t, fn)
    .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))
    .flatMap((s) => [s.Resource].flat())
    .map((r) => JSON.stringify(r));
}

/** The JWT signing key and, in dev, the Stripe placeholder: the two secrets the stack creates. */
const jwtSecretId = (t: Synthesised) =>
  only(ofType(t, 'AWS::SecretsManager::Secret').filter(([, s]) => s.Properties.GenerateSecretString.PasswordLength === 64))[0];
const isBilling = (r: RouteDef) => r.handler.startsWith('billing/');
/** Billing, and the account deletions, which cancel a subscription through Stripe first. */
const usesStripeSecret = (r: RouteDef) => isBilling(r) || ['account/delete', 'admin/delete-user'].includes(r.handler);
/** The routes that send email (callers of functions/lib/services/mail.ts sendMail). */
const MAIL_ROUTES = [
  'POST /auth/register',
  'POST /auth/password/forgot',
  'PUT /auth/password',
  'POST /account/email',
  'POST /account/email/verify',
  'POST /account/email/verification',
  'POST /admin/users/{id}/password-reset',
  'POST /api-keys',
  'POST /teams/{id}/invites',
  'POST /prompts/{id}/reviews',
];
/** The origin secret CloudFront sends (shared/edge.ts ORIGIN_SECRET_HEADER), which the per-address functions read. */
const originSecretId = (t: Synthesised) =>
  only(ofType(t, 'AWS::SecretsManager::Secret').filter(([, s]) => String(s.Properties.Description).includes(ORIGIN_SECRET_HEADER)))[0];
/** The dynamic reference CloudFront's origin header holds: the version prod names (a rotation), else the current one. */
const originSecretReference = (t: Synthesised) => ({
  'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecretId(t) }, `:SecretString:::${t === prod ? ORIGIN_SECRET_VERSION : ''}}}`]],
});
const stripePlaceholderId = (t: Synthesised) =>
  only(ofType(t, 'AWS::SecretsManager::Secret').filter(([, s]) => s.Properties.GenerateSecretString.GenerateStringKey === 'webhook_secret'))[0];

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
        Projection: 'include' in i ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.include] } : { ProjectionType: 'ALL' },
      })),
    );
    // The listing index never projects what busy writes change (plan counters, profile values, directives).
    const gsi2 = p.GlobalSecondaryIndexes.find((i: { IndexName: string }) => i.IndexName === 'gsi2');
    for (const busy of ['prompts_used', 'categories_used', 'snippets_used', 'profile', 'global_prompt_prefix', 'password_hash'])
      expect(gsi2.Projection.NonKeyAttributes).not.toContain(busy);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // SSEEnabled without a key = the AWS-managed key (aws/dynamodb); absent = AWS-owned key.
    expect(p.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('creates the former users index (gsi1, every attribute) only for a deployment that still migrates (legacyUsersIndex)', () => {
    const indexes = (t: Synthesised) => only(ofType(t, 'AWS::DynamoDB::Table'))[1].Properties.GlobalSecondaryIndexes as { IndexName: string }[];
    expect(indexes(dev).map((i) => i.IndexName)).toEqual(TABLE_SCHEMA.indexes.map((i) => i.name));
    expect(indexes(dev).map((i) => i.IndexName)).not.toContain(LEGACY_USERS_INDEX.name);
    expect(indexes(prod).find((i) => i.IndexName === LEGACY_USERS_INDEX.name)).toEqual({
      IndexName: 'gsi1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
    // Its throttles are watched while it exists.
    const alarmsOf = (t: Synthesised) => JSON.stringify(ofType(t, 'AWS::CloudWatch::Alarm'));
    expect(alarmsOf(prod)).toContain('{"Name":"GlobalSecondaryIndexName","Value":"gsi1"}');
    expect(alarmsOf(dev)).not.toContain('"gsi1"');
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

describe('api: route table ⟷ specified calls ⟷ API Gateway ⟷ functions', () => {
  it('the route table serves every specified call (docs/product.md), and only documented extras besides', () => {
    const tableKeys = ROUTE_LIST.map(key);
    expect(SPEC_CALLS).toHaveLength(28);
    for (const call of SPEC_CALLS) expect(tableKeys, call).toContain(call);
    expect(tableKeys.filter((k) => !SPEC_CALLS.includes(k)).sort()).toEqual([...EXTRA_ROUTES].sort());
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
  });

  it('has exactly one API Gateway route per route-table entry, under /api/v1, except streaming ones, and GET and HEAD per page route at its site path', () => {
    const routeKeys = ofType(dev, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string);
    const pageKeys = PAGE_ROUTES.flatMap((p) => [key(p), `HEAD ${p.path}`]);
    expect(routeKeys.sort()).toEqual([...ROUTE_LIST.filter((r) => !isStreaming(r)).map(gatewayKey), ...pageKeys].sort());
  });

  it("sends a page route's HEAD to the function that serves its GET (an HTTP API matches HEAD on HEAD routes only)", () => {
    const byKey = functionsByRouteKey(dev);
    for (const page of PAGE_ROUTES) {
      expect(byKey.get(`HEAD ${page.path}`)?.[0], page.path).toBeDefined();
      expect(byKey.get(`HEAD ${page.path}`)?.[0]).toBe(byKey.get(key(page))?.[0]);
    }
  });

  it('serves each streaming route from a function URL with response streaming that only CloudFront may invoke (IAM), its handler checking the token', () => {
    // Prepare
    const streaming = ROUTE_LIST.filter(isStreaming);
    const urls = ofType(dev, 'AWS::Lambda::Url');

    // Assess
    expect(streaming.map(key)).toEqual(['POST /engine/run']);
    expect(urls).toHaveLength(streaming.length);
    for (const route of streaming) {
      const [fnId] = functionsByRouteKey(dev).get(gatewayKey(route))!;
      const [, url] = only(urls.filter(([, u]) => u.Properties.TargetFunctionArn['Fn::GetAtt'][0] === fnId));
      expect(url.Properties.InvokeMode, key(route)).toBe('RESPONSE_STREAM');
      // IAM: only CloudFront's signed requests (origin access control); the token travels moved (shared/edge.ts).
      expect(url.Properties.AuthType, key(route)).toBe('AWS_IAM');
      expect(route.access, key(route)).toBe('user');
    }
  });

  it('reserves (and so caps) the concurrency of the streaming run function, which API Gateway does not throttle', () => {
    for (const t of [dev, prod]) {
      const byKey = functionsByRouteKey(t);
      for (const route of ROUTE_LIST) {
        const reserved = byKey.get(gatewayKey(route))![1].Properties.ReservedConcurrentExecutions;
        if (isStreaming(route)) expect([reserved > 0, reserved], key(route)).toEqual([true, RUN_CONCURRENCY]);
        else expect(reserved, key(route)).toBeUndefined();
      }
    }
  });

  it('has exactly one nodejs22.x arm64 function per route, each its own, sized from the table', () => {
    // Prepare
    const table = only(ofType(dev, 'AWS::DynamoDB::Table'))[0];
    const byKey = functionsByRouteKey(dev);

    // Assess
    expect(routeFunctions(dev)).toHaveLength(ROUTE_LIST.length + PAGE_ROUTES.length);
    expect(new Set([...byKey.values()].map(([id]) => id)).size).toBe(ROUTE_LIST.length + PAGE_ROUTES.length);
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
      // The test stack's cheaper password hashing never reaches AWS (functions/lib/services/passwords.ts).
      expect(p.Environment.Variables.TEST_SCRYPT_LOG_N, key(route)).toBeUndefined();
      expect(p.LoggingConfig.LogGroup.Ref, key(route)).toBeDefined();
    }
  });

  it('gives password hashing 1024 MB and OpenAI calls more time than their client time-out', () => {
    const byKey = functionsByRouteKey(dev);
    const hashing = ROUTE_LIST.filter((r) =>
      /from '\.\.\/lib\/services\/passwords'/.test(readFileSync(join(REPO_ROOT, 'functions', `${r.handler}.ts`), 'utf8')),
    );
    expect(hashing.map(key).sort()).toEqual(['POST /admin/users', 'POST /auth/login', 'POST /auth/register']);
    for (const route of hashing) expect(byKey.get(gatewayKey(route))![1].Properties.MemorySize, key(route)).toBeGreaterThanOrEqual(1024);
    // functions/lib/services/engine waits up to 20 s for the model (OPENAI_TIMEOUT_MS).
    expect(byKey.get('POST /api/v1/engine/enhance')![1].Properties.Timeout).toBeGreaterThan(20);
    // A plain read stays small: memory is what a function pays for.
    expect(byKey.get('GET /api/v1/prompts')![1].Properties.MemorySize).toBeLessThanOrEqual(256);
  });

  it('logs JSON lines (request id on each) to a log group kept a month, retained in prod', () => {
    for (const t of [dev, prod]) {
      const logGroups = resources(t);
      for (const [id, fn] of routeFunctions(t)) {
        const config = fn.Properties.LoggingConfig;
        expect(config.LogFormat, id).toBe('JSON');
        expect(config.ApplicationLogLevel, id).toBe('INFO');
        const group = logGroups[config.LogGroup.Ref]!;
        expect(group.Type).toBe('AWS::Logs::LogGroup');
        expect(group.Properties.RetentionInDays, id).toBe(30);
        expect(group.DeletionPolicy, id).toBe(t === prod ? 'Retain' : 'Delete');
      }
    }
  });

  it('gives GET routes read-only table access and the others write access (and GETs that count their use)', () => {
    const byKey = functionsByRouteKey(dev);
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    for (const route of ROUTE_LIST) {
      const actions = actionsOf(dev, byKey.get(gatewayKey(route))![1]);
      expect(actions, key(route)).toContain('dynamodb:GetItem');
      if (route.method === 'GET' && !route.countsUse) for (const w of writes) expect(actions, key(route)).not.toContain(w);
      else expect(actions, key(route)).toEqual(expect.arrayContaining(writes));
    }
  });

  it('lets only the routes serving library reads read the snapshot bucket, though functions share roles', () => {
    const byKey = functionsByRouteKey(dev);
    const roles = new Set<string>();
    for (const route of ROUTE_LIST) {
      const fn = byKey.get(gatewayKey(route))![1];
      roles.add(JSON.stringify(fn.Properties.Role));
      const readsBucket = actionsOf(dev, fn).some((a) => a.startsWith('s3:'));
      expect(readsBucket, key(route)).toBe(readsLibrarySnapshot(key(route)));
    }
    // Shared by access (table mode, secrets, library): far fewer roles than routes.
    expect(roles.size).toBeLessThan(ROUTE_LIST.length / 4);
  });

  it('reads the JWT key by ARN through the extension, only where tokens are used', () => {
    // Prepare
    const secretId = jwtSecretId(dev);
    const secret = resources(dev)[secretId]!;
    const byKey = functionsByRouteKey(dev);

    // Assess: generated by Secrets Manager, so the value never appears in the template.
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.Properties.SecretString).toBeUndefined();
    for (const route of ROUTE_LIST) {
      const [, fn] = byKey.get(gatewayKey(route))!;
      const env = fn.Properties.Environment.Variables;
      const secrets = secretsReadBy(dev, fn);
      const layers = JSON.stringify(fn.Properties.Layers ?? []);
      if (needsJwt(route)) {
        expect(env.JWT_SECRET_ARN, key(route)).toEqual({ Ref: secretId });
        expect(secrets, key(route)).toContain(JSON.stringify({ Ref: secretId }));
        expect(layers, key(route)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension-Arm64');
      } else {
        expect(env.JWT_SECRET_ARN, key(route)).toBeUndefined();
        expect(secrets, key(route)).not.toContain(JSON.stringify({ Ref: secretId }));
      }
    }
    // Stripe signs its webhook; the route never sees or checks a bearer token.
    for (const t of [dev, prod]) {
      const webhook = functionsByRouteKey(t).get('POST /api/v1/billing/webhook')![1];
      expect(webhook.Properties.Environment.Variables.JWT_SECRET_ARN).toBeUndefined();
      expect(secretsReadBy(t, webhook)).not.toContain(JSON.stringify({ Ref: jwtSecretId(t) }));
    }
  });

  it('each function can read exactly the secrets its code needs: JWT, OpenAI only for engine/*, Stripe only for billing/*', () => {
    for (const t of [dev, prod]) {
      const jwt = JSON.stringify({ Ref: jwtSecretId(t) });
      const stripe = JSON.stringify(t === prod ? STRIPE_SECRET_ARN : { Ref: stripePlaceholderId(dev) });
      const openAi = JSON.stringify(OPENAI_SECRET_ARN);
      const origin = JSON.stringify({ Ref: originSecretId(t) });
      for (const route of ROUTE_LIST) {
        const fn = functionsByRouteKey(t).get(gatewayKey(route))![1];
        const expected = [
          ...(needsJwt(route) ? [jwt] : []),
          ...(CLIENT_ADDRESS_HANDLERS.includes(route.handler) ? [origin] : []),
          ...(t === prod && route.handler.startsWith('engine/') ? [openAi] : []),
          ...(usesStripeSecret(route) ? [stripe] : []),
        ];
        expect(secretsReadBy(t, fn).sort(), `${t === prod ? 'prod' : 'dev'} ${key(route)}`).toEqual(expected.sort());
      }
    }
  });

  it("passes the Stripe secret by ARN to the billing functions only: the operator's in prod, a placeholder in dev", () => {
    // Prepare: dev has no stripeSecretArn context, so the stack made a placeholder.
    const placeholderId = stripePlaceholderId(dev);
    const placeholder = resources(dev)[placeholderId]!;
    const generated = placeholder.Properties.GenerateSecretString;

    // Assess: the placeholder has the shape functions/lib/use-cases/billing.ts reads, generated by Secrets
    // Manager (no value in the template), and a webhook secret nobody knows until it is replaced.
    expect(placeholder.Properties.SecretString).toBeUndefined();
    expect(Object.keys(JSON.parse(generated.SecretStringTemplate)).concat(generated.GenerateStringKey).sort()).toEqual([
      'price_elite',
      'price_pro',
      'secret_key',
      'webhook_secret',
    ]);
    expect(Object.values(JSON.parse(generated.SecretStringTemplate))).toEqual(['', '', '']);
    expect(generated.GenerateStringKey).toBe('webhook_secret');
    // prod names the operator's secret and creates no placeholder: its own secrets are the JWT key and the origin secret.
    expect(
      ofType(prod, 'AWS::SecretsManager::Secret')
        .map(([id]) => id)
        .sort(),
    ).toEqual([jwtSecretId(prod), originSecretId(prod)].sort());
    for (const [, secret] of ofType(prod, 'AWS::SecretsManager::Secret')) expect(secret.DeletionPolicy).toBe('Retain');
    expect(placeholder.DeletionPolicy).toBe('Delete');

    for (const [t, expected] of [
      [dev, { Ref: placeholderId }],
      [prod, STRIPE_SECRET_ARN],
    ] as const) {
      const outputs = t.toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs.StripeSecretArn!.Value).toEqual(expected);
      for (const route of ROUTE_LIST) {
        const env = functionsByRouteKey(t).get(gatewayKey(route))![1].Properties.Environment.Variables;
        expect(env.STRIPE_SECRET_ARN, key(route)).toEqual(usesStripeSecret(route) ? expected : undefined);
      }
    }
    expect(
      ROUTE_LIST.filter(isBilling)
        .map((r) => r.handler)
        .sort(),
    ).toEqual(['billing/create-checkout-session', 'billing/create-portal-session', 'billing/webhook']);
  });

  it('tells the billing functions the site URL when a custom domain is set, and nobody else', () => {
    for (const route of ROUTE_LIST) {
      const devEnv = functionsByRouteKey(dev).get(gatewayKey(route))![1].Properties.Environment.Variables;
      const prodEnv = functionsByRouteKey(prod).get(gatewayKey(route))![1].Properties.Environment.Variables;
      // Without a custom domain the billing code uses the browser's Origin (no CloudFront ⟷ API cycle).
      expect(devEnv.SITE_URL, key(route)).toBeUndefined();
      expect(prodEnv.SITE_URL, key(route)).toBe(isBilling(route) ? `https://${DOMAIN}` : undefined);
    }
  });

  it('lets only the email routes send, as the mailFrom identity only (ses:SendEmail), with the sender and link site set', () => {
    const identity = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:us-east-1:123456789012:identity/mail.example.com']] };
    for (const route of ROUTE_LIST) {
      const prodFn = functionsByRouteKey(prod).get(gatewayKey(route))![1];
      const devFn = functionsByRouteKey(dev).get(gatewayKey(route))![1];
      const mails = MAIL_ROUTES.includes(key(route));
      const ses = statementsOf(prod, prodFn).filter((st) => [st.Action].flat().some((a) => a.startsWith('ses:')));
      expect(ses, key(route)).toEqual(mails ? [expect.objectContaining({ Effect: 'Allow', Action: 'ses:SendEmail', Resource: identity })] : []);
      expect(prodFn.Properties.Environment.Variables.MAIL_FROM, key(route)).toBe(mails ? MAIL_FROM : undefined);
      expect(prodFn.Properties.Environment.Variables.MAIL_SITE_URL, key(route)).toBe(mails ? `https://${DOMAIN}` : undefined);
      // Without mailFrom (dev) nothing may send at all.
      expect(
        actionsOf(dev, devFn).filter((a) => a.startsWith('ses:')),
        key(route),
      ).toEqual([]);
    }
    expect(MAIL_ROUTES.every((k) => ROUTE_LIST.some((r) => key(r) === k))).toBe(true);
  });

  it('hands the operator-provided OpenAI key secret to the enhancement and run functions only', () => {
    for (const [template, expected] of [
      [dev, undefined],
      [prod, OPENAI_SECRET_ARN],
    ] as const) {
      const byKey = functionsByRouteKey(template);
      for (const route of ROUTE_LIST) {
        const fn = byKey.get(gatewayKey(route))![1];
        const enhance = ['POST /engine/enhance', 'POST /engine/run'].includes(key(route));
        expect(fn.Properties.Environment.Variables.OPENAI_SECRET_ARN, key(route)).toBe(enhance ? expected : undefined);
        expect(fn.Properties.Environment.Variables.OPENAI_MODEL, key(route)).toBe(enhance && template === prod ? 'gpt-4o-mini' : undefined);
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
    // SPA_SHELL: the page functions' copy of the public index.html (functions/lib/use-cases/share-page.ts).
    // TIER_PROOF_KEY: the one exception, the library tier proof's key, which the CloudFront
    // Function's code holds anyway; it proves a tier's cached library pages, never a session
    // (docs/decisions.md; checked below to be on the sign-in and library functions only).
    const allowed =
      /^(SPA_SHELL|TIER_PROOF_KEY|TABLE_NAME|SECRET_BOX_KEY_ID|QUEUE_URL_[A-Z_]+|LIBRARY_BUCKET|LIBRARY_SEARCH_ENDPOINT|JWT_SECRET_ARN|OPENAI_SECRET_ARN|STRIPE_SECRET_ARN|ORIGIN_VERIFY_SECRET_ARN|OPENAI_MODEL|OPENAI_BASE_URL|SITE_URL|MAIL_FROM|MAIL_SITE_URL|NODE_OPTIONS|PARAMETERS_SECRETS_EXTENSION_\w+|SECRETS_MANAGER_\w+|SSM_PARAMETER_STORE_\w+)$/;
    for (const [t, id, fn] of [dev, prod, withWorkers].flatMap((t) => ofType(t, 'AWS::Lambda::Function').map(([id, fn]) => [t, id, fn] as const))) {
      const env: Record<string, unknown> = fn.Properties.Environment?.Variables ?? {};
      for (const [name, value] of Object.entries(env)) {
        if ([...routeFunctions(t), ...workerFunctions(t).values()].some(([fid]) => fid === id)) expect(name, `${id} ${name}`).toMatch(allowed);
        // Dynamic references would resolve the value into the configuration at deploy time.
        expect(JSON.stringify(value), `${id} ${name}`).not.toMatch(/resolve:(secretsmanager|ssm-secure)/);
        if (typeof value === 'string' && name !== 'TIER_PROOF_KEY') expect(value, `${id} ${name}`).not.toMatch(/^[A-Za-z0-9+/=_-]{32,}$/);
      }
    }
    // One exception, by necessity: CloudFront can only send the origin header from its own configuration,
    // so the distribution's origin headers resolve the origin secret at deploy time (never in the template).
    for (const t of [dev, prod, withWorkers]) {
      const originHeader = JSON.stringify(originSecretReference(t));
      const template = JSON.stringify(t.toJSON());
      expect(template.split(originHeader).length - 1).toBe(2); // the API origin and the run function's
      expect(template.split(originHeader).join('')).not.toMatch(/resolve:(secretsmanager|ssm-secure)/);
    }
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
      // A stage naming a route that does not exist yet fails to deploy: it waits for the stack making the route.
      expect(stage.DependsOn, k).toContain(dev.holderOf(routes[k]));
      expect(dev.holderOf(routes[k]), k).not.toBe(routes[k]);
    }
    expect(p.AccessLogSettings.DestinationArn['Fn::GetAtt'][1]).toBe('Arn');
    expect(p.AccessLogSettings.Format).toContain('$context.requestId');
  });
});

describe('web: bucket and CloudFront', () => {
  const distribution = (t: Synthesised) => only(ofType(t, 'AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;

  it('keeps the bucket private, encrypted and TLS-only', () => {
    const [bucketId, bucket] = only(ofType(dev, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('WebBucket')));
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

  it('sends /api/v1/* to the HTTP API uncached unless the origin says so, compressed, with all methods and the viewer headers', () => {
    const config = distribution(dev);
    const api = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/*')) as Record<string, any>;
    const policy = cachePolicyOf(dev, api);
    expect(policy).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      // A cached answer could only ever go back to the bearer of the same token.
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
    });
    expect(api.Compress).toBe(true);
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
      // A streamed answer is not compressed: compression would hold its chunks back.
      expect(behavior.Compress).toBe(behavior.PathPattern !== '/api/v1/engine/run');
    }
  });

  it('sends /api/v1/engine/run to its function URL before /api/v1/*: uncached, POST allowed, viewer headers forwarded', () => {
    // Prepare
    const config = distribution(dev);
    const patterns = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    const run = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/engine/run')) as Record<string, any>;
    const origin = config.Origins.find((o: { Id: string }) => o.Id === run.TargetOriginId);
    const [urlId] = only(ofType(dev, 'AWS::Lambda::Url'));

    // Assess
    expect(patterns.indexOf('/api/v1/engine/run')).toBeLessThan(patterns.indexOf('/api/v1/*'));
    expect(run.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(run.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(run.AllowedMethods).toContain('POST');
    expect(run.ViewerProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(origin.DomainName)).toContain(JSON.stringify({ 'Fn::GetAtt': [urlId, 'FunctionUrl'] }));
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(origin.CustomOriginConfig.OriginReadTimeout).toBeGreaterThanOrEqual(60);
  });

  it('lets only this distribution invoke the run function URL, signing every request (origin access control)', () => {
    for (const t of [dev, prod]) {
      const config = distribution(t);
      const run = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/engine/run')) as Record<string, any>;
      const origin = config.Origins.find((o: { Id: string }) => o.Id === run.TargetOriginId);
      const oac = resources(t)[origin.OriginAccessControlId['Fn::GetAtt'][0]]!.Properties.OriginAccessControlConfig;
      expect(oac).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
      const [urlId, url] = only(ofType(t, 'AWS::Lambda::Url'));
      const fnId = url.Properties.TargetFunctionArn['Fn::GetAtt'][0];
      const permissions = ofType(t, 'AWS::Lambda::Permission')
        .map(([, p]) => p.Properties)
        .filter((p) => p.Principal === 'cloudfront.amazonaws.com');
      for (const p of permissions) expect(p.FunctionName).toEqual({ 'Fn::GetAtt': [urlId, 'FunctionArn'] });
      expect(resources(t)[urlId]!.Properties.TargetFunctionArn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      expect(permissions.map((p) => p.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
      const distributionId = only(ofType(t, 'AWS::CloudFront::Distribution'))[0];
      for (const p of permissions) expect(JSON.stringify(p.SourceArn)).toContain(`:distribution/",{"Ref":"${distributionId}"}`);
    }
  });

  it('moves the bearer token out of Authorization on the run behaviour, and drops one a client put in its place', () => {
    const config = distribution(dev);
    const run = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/engine/run')) as Record<string, any>;
    const association = only(run.FunctionAssociations) as { EventType: string; FunctionARN: { 'Fn::GetAtt': string[] } };
    expect(association.EventType).toBe('viewer-request');
    const fn = resources(dev)[association.FunctionARN['Fn::GetAtt'][0]!]!;
    expect(fn.Properties.FunctionCode).toBe(forwardTokenCode());
    type Headers = Record<string, { value: string }>;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: { request: { headers: Headers } }) => { headers: Headers };
    expect(handler({ request: { headers: { authorization: { value: 'Bearer t0k3n' }, host: { value: 'x' } } } }).headers).toEqual({
      [FORWARDED_AUTHORIZATION_HEADER]: { value: 'Bearer t0k3n' },
      host: { value: 'x' },
    });
    expect(handler({ request: { headers: { [FORWARDED_AUTHORIZATION_HEADER]: { value: 'Bearer forged' } } } }).headers).toEqual({});
  });

  it('sends the origin secret from Secrets Manager (never its value) to the API and the run function, which only the per-address routes read', () => {
    for (const t of [dev, prod]) {
      const [secretId, secret] = only(
        ofType(t, 'AWS::SecretsManager::Secret').filter(([, x]) => String(x.Properties.Description).includes(ORIGIN_SECRET_HEADER)),
      );
      expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
      expect(secret.Properties.SecretString).toBeUndefined();
      const config = distribution(t);
      const reference = originSecretReference(t);
      for (const pattern of ['/api/v1/*', '/api/v1/engine/run', '/api/v1/library/*', '/s/*']) {
        const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
        const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
        expect(origin.OriginCustomHeaders, pattern).toEqual([{ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: reference }]);
      }
      const s3 = config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
      expect(s3.OriginCustomHeaders).toBeUndefined();
      const byKey = functionsByRouteKey(t);
      for (const route of ROUTE_LIST) {
        const fn = byKey.get(gatewayKey(route))![1];
        const reads = CLIENT_ADDRESS_HANDLERS.includes(route.handler);
        expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN, key(route)).toEqual(reads ? { Ref: secretId } : undefined);
        expect(secretsReadBy(t, fn).includes(JSON.stringify({ Ref: secretId })), key(route)).toBe(reads);
      }
    }
    // Every handler that counts per client address is in that list.
    const counting = ROUTE_LIST.filter((r) => /clientAddress\(/.test(readFileSync(join(REPO_ROOT, 'functions', `${r.handler}.ts`), 'utf8')));
    expect(counting.map((r) => r.handler).sort()).toEqual([...CLIENT_ADDRESS_HANDLERS].sort());
  });

  it('in prod reaches the API only through its own domain: the execute-api endpoint is disabled', () => {
    const [, prodApi] = only(ofType(prod, 'AWS::ApiGatewayV2::Api'));
    expect(prodApi.Properties.DisableExecuteApiEndpoint).toBe(true);
    const [domainId, domain] = only(ofType(prod, 'AWS::ApiGatewayV2::DomainName'));
    expect(domain.Properties).toMatchObject({
      DomainName: API_DOMAIN,
      DomainNameConfigurations: [{ CertificateArn: API_CERTIFICATE_ARN, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    const [, mapping] = only(ofType(prod, 'AWS::ApiGatewayV2::ApiMapping'));
    expect(mapping.Properties.DomainName).toEqual({ Ref: domainId });
    const config = distribution(prod);
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/v1/*');
    expect(config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId).DomainName).toBe(API_DOMAIN);
    const outputs = prod.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.ApiDomainTarget!.Value).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
    expect(outputs.ExecuteApiUrl).toBeUndefined();
    // A dev stage without a domain keeps it (CloudFront has no other way in), and the context refuses prod without one.
    expect(only(ofType(dev, 'AWS::ApiGatewayV2::Api'))[1].Properties.DisableExecuteApiEndpoint).not.toBe(true);
  });

  it('falls back to index.html for app routes only, never for API errors or missing files', () => {
    // Prepare: run the viewer-request function's own code.
    const config = distribution(dev);
    expect(config.CustomErrorResponses).toBeUndefined();
    const association = only(config.DefaultCacheBehavior.FunctionAssociations) as { EventType: string };
    expect(association.EventType).toBe('viewer-request');
    const [fnId, fn] = only(ofType(dev, 'AWS::CloudFront::Function').filter(([id]) => id.startsWith('WebSpaFallback')));
    for (const behaviour of config.CacheBehaviors) expect(JSON.stringify(behaviour.FunctionAssociations ?? [])).not.toContain(fnId);
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;

    // Assess
    expect(rewrite('/prompts')).toBe('/index.html');
    expect(rewrite('/library/abc')).toBe('/index.html');
    expect(rewrite('/admin/users/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('serves each prerendered public page its own file from the bucket, the shell to every other app route', () => {
    // Prepare: the same viewer-request function; the build writes these files (web/prerender.ts).
    const [, fn] = only(ofType(dev, 'AWS::CloudFront::Function').filter(([id]) => id.startsWith('WebSpaFallback')));
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;

    // Assess
    expect(PRERENDERED_PAGES.map((p) => p.path).sort()).toEqual(['/', '/login', '/pricing', '/privacy', '/register', '/terms']);
    for (const page of PRERENDERED_PAGES) {
      expect(rewrite(page.path)).toBe(`/${page.file}`);
      expect(page.file).toMatch(/^pages\/[a-z]+\.html$/);
    }
    expect(rewrite('/')).toBe('/pages/home.html');
    expect(rewrite('/pricing/')).toBe('/pages/pricing.html');
    expect(rewrite('/pricing-old')).toBe('/index.html');
    expect(rewrite('/login/extra')).toBe('/index.html');
    expect(rewrite('/s/abc')).toBe('/index.html'); // never reached: /s/* goes to the page function first
    expect(rewrite('/constructor')).toBe('/index.html');
    expect(rewrite('/hasOwnProperty')).toBe('/index.html');
    // The pages are deployed with the rest of the site (revalidated on every load), not as immutable assets.
    const site = ofType(dev, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties)
      .find((d) => d.Exclude?.includes('assets/*') && !d.Include)!;
    expect(site.SystemMetadata['cache-control']).toBe('no-cache');
  });

  it('sends /s/* (share pages) to the HTTP API: its page function, uncached, GET only, naming the site host', () => {
    // Prepare
    const config = distribution(dev);
    const behaviors = config.CacheBehaviors as Record<string, any>[];
    const page = only(behaviors.filter((b) => b.PathPattern === '/s/*'));
    const api = only(behaviors.filter((b) => b.PathPattern === '/api/v1/*'));
    const association = only(page.FunctionAssociations) as { EventType: string; FunctionARN: { 'Fn::GetAtt': string[] } };
    const fn = resources(dev)[association.FunctionARN['Fn::GetAtt'][0]!]!;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { headers: Record<string, { value: string }> };
    const forwarded = handler({ request: { uri: '/s/abc', headers: { host: { value: 'app.example.com' }, 'x-forwarded-host': { value: 'evil.example' } } } });
    const [, pageFn] = functionsByRouteKey(dev).get('GET /s/{token}')!;
    const [, prodPageFn] = functionsByRouteKey(prod).get('GET /s/{token}')!;
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

    // Assess
    expect(PAGE_ROUTES.map((r) => r.pattern)).toEqual(['/s/*']);
    expect(page.TargetOriginId).toBe(api.TargetOriginId);
    expect(page.CachePolicyId).toEqual(api.CachePolicyId); // TTL 0 unless the answer says otherwise: it says no-store
    expect(page.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(page.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(page.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(page.Compress).toBe(true);
    expect(association.EventType).toBe('viewer-request');
    expect(forwarded.headers['x-forwarded-host']).toEqual({ value: 'app.example.com' });
    // The built index.html goes to the page function (its asset names) without its splash, none without a build.
    expect(pageFn.Properties.Environment.Variables.SPA_SHELL).toBe('<!doctype html><script type="module" src="/assets/app.js"></script>');
    expect(prodPageFn.Properties.Environment.Variables.SPA_SHELL).toBeUndefined();
    expect(pageFn.Properties.Handler).toBe('index.handler');
    expect(secretsReadBy(dev, pageFn)).toEqual([]);
    for (const w of writes) expect(actionsOf(dev, pageFn)).not.toContain(w);
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

describe('web: library pages cached per tier at the edge', () => {
  const distribution = (t: Synthesised) => only(ofType(t, 'AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;
  const libraryBehaviour = (t: Synthesised) =>
    only(distribution(t).CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/library/*')) as Record<string, any>;
  const tierFunction = (t: Synthesised) => only(ofType(t, 'AWS::CloudFront::Function').filter(([id]) => id.includes('LibraryEdgeTierProof')));

  it('serves /api/v1/library/* before /api/v1/*, GETs only, from the API origin with the viewer headers', () => {
    const config = distribution(dev);
    const patterns = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    const library = libraryBehaviour(dev);
    const api = only(config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern === '/api/v1/*')) as Record<string, any>;
    expect(patterns.indexOf('/api/v1/library/*')).toBeLessThan(patterns.indexOf('/api/v1/*'));
    expect(library.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(library.TargetOriginId).toBe(api.TargetOriginId);
    expect(library.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader: the bearer still reaches the origin
    expect(library.ViewerProtocolPolicy).toBe('https-only');
    expect(library.Compress).toBe(true);
  });

  it('keys the cache on the verified tier header and the query, never on the bearer token or a cookie', () => {
    const { DefaultTTL, MinTTL, ParametersInCacheKeyAndForwardedToOrigin: key } = cachePolicyOf(dev, libraryBehaviour(dev));
    // Nothing cached unless the origin says so (s-maxage on tier-generic answers only).
    expect([DefaultTTL, MinTTL]).toEqual([0, 0]);
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['x-construct-tier'] });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect([key.EnableAcceptEncodingGzip, key.EnableAcceptEncodingBrotli]).toEqual([true, true]);
  });

  it('runs the tier proof function on viewer request, with the key the library and sign-in functions hold', async () => {
    const library = libraryBehaviour(dev);
    const [fnId, fn] = tierFunction(dev);
    expect(library.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } }]);
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const keys = new Set<string>();
    for (const [, f] of ofType(dev, 'AWS::Lambda::Function')) {
      const env = f.Properties.Environment?.Variables ?? {};
      if (env.TIER_PROOF_KEY) keys.add(env.TIER_PROOF_KEY);
    }
    const proofKey = only([...keys]);
    expect(fn.Properties.FunctionCode).toBe(tierFunctionCode(proofKey));
    const holders = ofType(dev, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.TIER_PROOF_KEY).length;
    expect(holders).toBe(ROUTE_LIST.filter((r) => usesTierProof(key(r))).length);
    expect(
      ROUTE_LIST.filter((r) => usesTierProof(key(r)))
        .map(key)
        .sort(),
    ).toEqual(['GET /library/filters', 'GET /library/prompts', 'GET /library/prompts/{id}', 'POST /auth/login']);
  });

  it("sets the header from a valid proof only: forged, expired, foreign-key or absent proofs and a client's own header give 'none'", async () => {
    // Prepare: the function's own code, with the runtime's crypto module; proofs from the origin's code.
    const proofKey = 'ab'.repeat(32);
    const handler = new Function('require', `${tierFunctionCode(proofKey)}; return handler;`)(createRequire(import.meta.url)) as (e: unknown) => {
      headers: Record<string, { value: string }>;
    };
    process.env.TIER_PROOF_KEY = proofKey;
    const { tierProof } = await import('../../functions/lib/use-cases/tier-proof');
    const tierOf = (cookie: string | undefined, header?: string) =>
      handler({
        request: {
          uri: '/api/v1/library/prompts',
          headers: header ? { 'x-construct-tier': { value: header } } : {},
          cookies: cookie === undefined ? {} : { construct_tier: { value: cookie } },
        },
      }).headers['x-construct-tier']!.value;
    const elite = await tierProof('elite');
    const [tier, expiry, mac] = elite.split('.');

    // Assess
    expect(tierOf(elite)).toBe('elite');
    expect(tierOf(await tierProof('free'))).toBe('free');
    expect(tierOf(undefined, 'elite')).toBe('none');
    expect(tierOf(`pro.${expiry}.${mac}`)).toBe('none');
    expect(tierOf(`${tier}.${Number(expiry) + 1}.${mac}`)).toBe('none');
    expect(tierOf(await tierProof('elite', Date.now() - 16 * 60_000))).toBe('none');
    expect(tierOf(`gold.${expiry}.${mac}`)).toBe('none');
    expect(tierOf(`elite.${expiry}.${createHmac('sha256', 'cd'.repeat(32)).update(`elite.${expiry}`).digest('hex')}`)).toBe('none');
    expect(tierOf(`${elite}.x`)).toBe('none');
    expect(tierOf('garbage')).toBe('none');
    expect(() => tierFunctionCode('not-hex')).toThrow(/64 hex digits/);
  });
});

describe('web: origin access and custom domain', () => {
  const distribution = (t: Synthesised) => only(ofType(t, 'AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;

  it('reads the bucket only through CloudFront origin access control, cached for the SPA', () => {
    const config = distribution(dev);
    const s3Origin = config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    const [oacId, oac] = only(
      ofType(dev, 'AWS::CloudFront::OriginAccessControl').filter(([, o]) => o.Properties.OriginAccessControlConfig.OriginAccessControlOriginType === 's3'),
    );
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' });
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    const [bucketId] = only(ofType(dev, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('WebBucket')));
    const [, policy] = only(ofType(dev, 'AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket.Ref === bucketId));
    const allow = policy.Properties.PolicyDocument.Statement.filter((st: { Effect: string }) => st.Effect === 'Allow');
    const reads = allow.filter((st: { Action: string }) => st.Action === 's3:GetObject');
    expect(only(reads)).toMatchObject({
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
    });
  });

  it('serves a custom domain from context with its certificate and TLS 1.2 or later', () => {
    const config = distribution(prod);
    expect(config.Aliases).toEqual([DOMAIN]);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: CERTIFICATE_ARN,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    expect(distribution(dev).Aliases).toBeUndefined();
    const outputs = prod.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.SiteUrl!.Value).toBe(`https://${DOMAIN}`);
    expect(outputs.StripeWebhookUrl!.Value).toBe(`https://${DOMAIN}/api/v1/billing/webhook`);
    expect(JSON.stringify(outputs.DistributionDomainName!.Value)).toContain('DomainName');
  });

  it('refuses a certificate outside us-east-1 and a domain without a certificate', () => {
    const app = new App();
    const attempt = (id: string, props: Partial<ConstructStackProps>) => () =>
      new ConstructStack(app, id, { stage: 'dev', env: ENV, webDist: join(REPO_ROOT, 'missing'), webAclArn: WEB_ACL_ARN, ...props });
    expect(attempt('A', { domainName: DOMAIN, certificateArn: CERTIFICATE_ARN.replace('us-east-1', 'eu-west-1') })).toThrow(/us-east-1/);
    expect(attempt('B', { domainName: DOMAIN })).toThrow(/certificateArn/);
  });

  it('protects the prod stack from deletion, not dev', () => {
    // dev, prod, and the test workers' stack (stage prod)
    expect(stacks.map((st) => st.terminationProtection)).toEqual([false, true, true]);
  });
});

describe('alarms', () => {
  type Alarm = { Properties: Record<string, any> };
  const alarms = (t: Synthesised) => ofType(t, 'AWS::CloudWatch::Alarm') as [string, Alarm][];
  const topicRef = (t: Synthesised) => ({ Ref: only(ofType(t, 'AWS::SNS::Topic'))[0] });
  const metricsOf = (a: Alarm) =>
    (a.Properties.Metrics ?? [])
      .filter((m: { MetricStat?: unknown }) => m.MetricStat)
      .map((m: { MetricStat: { Metric: Record<string, any>; Stat: string } }) => m.MetricStat);
  const byMetricName = (t: Synthesised, name: string) =>
    alarms(t).filter(([, a]) => metricsOf(a).some((m: { Metric: { MetricName: string } }) => m.Metric.MetricName === name) || a.Properties.MetricName === name);

  it('has one SNS topic for operators, TLS-only, subscribed to alarmEmail when given, and outputs its ARN', () => {
    for (const t of [dev, prod]) {
      only(ofType(t, 'AWS::SNS::Topic'));
      const outputs = t.toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs.AlarmTopicArn!.Value).toEqual(topicRef(t));
      const [, policy] = only(ofType(t, 'AWS::SNS::TopicPolicy'));
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('aws:SecureTransport');
    }
    expect(ofType(dev, 'AWS::SNS::Subscription')).toHaveLength(0);
    const [, subscription] = only(ofType(prod, 'AWS::SNS::Subscription'));
    expect(subscription.Properties).toMatchObject({ Protocol: 'email', Endpoint: ALARM_EMAIL, TopicArn: topicRef(prod) });
  });

  it('watches the HTTP API: 5xx as a share of requests, and p99 latency', () => {
    const api = { Ref: only(ofType(dev, 'AWS::ApiGatewayV2::Api'))[0] };
    const [, rate] = only(byMetricName(dev, '5xx'));
    const stats = metricsOf(rate);
    expect(stats.map((m: { Metric: { MetricName: string } }) => m.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
    for (const m of stats) expect(m.Metric).toMatchObject({ Namespace: 'AWS/ApiGateway', Dimensions: [{ Name: 'ApiId', Value: api }] });
    const expression = rate.Properties.Metrics.find((m: { Expression?: string }) => m.Expression).Expression as string;
    expect(expression).toMatch(/100 \* FILL\(errors, 0\) \/ requests/);
    expect(rate.Properties.Threshold).toBeGreaterThan(0);

    const [, latency] = only(byMetricName(dev, 'Latency'));
    expect(latency.Properties).toMatchObject({ Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p99', Dimensions: [{ Name: 'ApiId', Value: api }] });
  });

  it('covers errors and throttles of every route and worker function, ten per alarm, behind one composite alarm each', () => {
    for (const t of [dev, withWorkers]) {
      const composites = ofType(t, 'AWS::CloudWatch::CompositeAlarm');
      for (const metricName of ['Errors', 'Throttles']) {
        // Prepare
        const groups = byMetricName(t, metricName);
        const covered = groups.flatMap(([, a]) =>
          metricsOf(a).map((m: { Metric: { Dimensions: { Value: { Ref: string } }[] } }) => m.Metric.Dimensions[0]!.Value.Ref),
        );

        // Assess: every route and worker function exactly once; no alarm over CloudWatch's 10-metric limit.
        expect(covered.sort(), metricName).toEqual([...routeFunctions(t).map(([id]) => id), ...[...workerFunctions(t).values()].map(([id]) => id)].sort());
        for (const [, a] of groups) expect(metricsOf(a).length).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
        const composite = only(composites.filter(([, c]) => groups.every(([id]) => JSON.stringify(c.Properties.AlarmRule).includes(id))));
        expect(composite[1].Properties.AlarmActions).toEqual([topicRef(t)]);
        // The groups speak through the composite (one notification, not one per group).
        for (const [, a] of groups) expect(a.Properties.AlarmActions).toBeUndefined();
      }
    }
  });

  it('watches DynamoDB throttles (table and index) and system errors', () => {
    const table = { Ref: only(ofType(dev, 'AWS::DynamoDB::Table'))[0] };
    const [, throttles] = only(byMetricName(dev, 'ReadThrottleEvents'));
    const byName = (a: { Name: string }, b: { Name: string }) => a.Name.localeCompare(b.Name);
    const dims = metricsOf(throttles).map(
      (m: { Metric: { MetricName: string; Dimensions: { Name: string }[] } }) =>
        `${m.Metric.MetricName} ${JSON.stringify([...m.Metric.Dimensions].sort(byName))}`,
    );
    for (const index of [undefined, ...TABLE_SCHEMA.indexes.map((i) => i.name)]) {
      for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
        const dimensions = [{ Name: 'TableName', Value: table }, ...(index ? [{ Name: 'GlobalSecondaryIndexName', Value: index }] : [])].sort(byName);
        expect(dims).toContain(`${metric} ${JSON.stringify(dimensions)}`);
      }
    }
    const [, systemErrors] = only(byMetricName(dev, 'SystemErrors'));
    const operations = metricsOf(systemErrors).map(
      (m: { Metric: { Dimensions: { Name: string; Value: string }[] } }) => m.Metric.Dimensions.find((d) => d.Name === 'Operation')!.Value,
    );
    expect(operations).toEqual(expect.arrayContaining(['GetItem', 'Query', 'UpdateItem', 'TransactWriteItems', 'BatchGetItem', 'BatchWriteItem']));
    expect(operations.length).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
  });

  it('notifies the topic of every alarm and recovery (directly or through a composite)', () => {
    for (const t of [dev, prod]) {
      const composites = ofType(t, 'AWS::CloudWatch::CompositeAlarm');
      for (const [id, a] of alarms(t)) {
        const viaComposite = composites.some(([, c]) => JSON.stringify(c.Properties.AlarmRule).includes(id));
        if (!viaComposite) {
          expect(a.Properties.AlarmActions, id).toEqual([topicRef(t)]);
          expect(a.Properties.OKActions, id).toEqual([topicRef(t)]);
        }
        expect(a.Properties.TreatMissingData, id).toBe('notBreaching');
        expect(a.Properties.AlarmDescription, id).toContain(t === dev ? 'Construct dev' : 'Construct prod');
      }
      for (const [id, c] of composites) expect(c.Properties.OKActions, id).toEqual([topicRef(t)]);
    }
  });
});

describe('bundles', () => {
  /** The staged bundle directory of a function (cdk.out/asset.<hash>). */
  const assetDir = (fn: Resource) => join(outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
  const bundledRoutes = () => ROUTE_LIST.filter((r) => BUNDLED_HANDLERS.includes(r.handler));

  it('builds functions without Docker: a minified ESM bundle and a source map without sources', () => {
    const rows: string[] = [];
    expect(
      bundledRoutes()
        .map((r) => r.handler)
        .sort(),
    ).toEqual([...BUNDLED_HANDLERS].sort());
    for (const route of bundledRoutes()) {
      const dir = assetDir(functionsByRouteKey(bundled).get(gatewayKey(route))![1]);
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      const map = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
      expect(code.startsWith("import { createRequire } from 'module';"), route.handler).toBe(true);
      expect(code, route.handler).toMatch(/export\s*\{[^}]*as handler/);
      // Minified: a few very long lines (newlines survive only inside template literals: those
      // are left out here).
      const outsideTemplates = code.replace(/`(?:[^`\\]|\\.)*`/g, '``');
      expect(outsideTemplates.length / outsideTemplates.split('\n').length, route.handler).toBeGreaterThan(2_000);
      expect(
        map.sources.some((f) => f.endsWith(`functions/${route.handler}.ts`)),
        route.handler,
      ).toBe(true);
      expect((map.sourcesContent ?? []).filter(Boolean), route.handler).toEqual([]);
      rows.push(`${route.handler.padEnd(36)} ${(statSync(join(dir, 'index.mjs')).size / 1024).toFixed(1).padStart(7)} KB`);
    }
    console.log(`Function bundles (minified, as staged by cdk synth; npm run bundle-sizes lists every function):\n${rows.join('\n')}`);
  });

  it("builds each route's function from its own handler module (the stacks checked without bundling too)", () => {
    for (const [stack, t] of [[devStack, dev] as const, [stacks[1]!, prod] as const]) {
      const byKey = functionsByRouteKey(t);
      for (const route of [...ROUTE_LIST, ...PAGE_ROUTES]) {
        const fn = stack.api.functions.get(key(route)) as ApiFunction;
        const cfn = fn.node.defaultChild as CfnResource;
        const nested = Stack.of(fn) as NestedStack;
        const id = `${nested.node.id}/${nested.resolve(cfn.logicalId)}`;
        expect(fn.entryModule, key(route)).toBe(route.handler);
        expect(byKey.get('pattern' in route ? key(route) : gatewayKey(route as RouteDef))?.[0], key(route)).toBe(id);
      }
    }
    // Those stacks skip bundling: nothing is staged for their functions (a deploy bundles every stack).
    const [, health] = functionsByRouteKey(dev).get('GET /api/v1/health')!;
    expect(existsSync(join(outdir, `asset.${String(health.Properties.Code.S3Key).replace(/\.zip$/, '')}`))).toBe(false);
  });

  it("ships the token encoding's ranks beside the bundles that count tokens, never in them, and nowhere else", () => {
    const routeAsset = (handler: string) => assetDir(functionsByRouteKey(bundled).get(gatewayKey(ROUTE_LIST.find((r) => r.handler === handler)!))![1]);
    const counting = [routeAsset('engine/run'), assetDir(workerFunctions(bundled).get('evaluation')![1])];
    for (const dir of counting) {
      // What token-estimate.ts's require finds from the deployed index.mjs: the asset's own copy.
      const load = createRequire(join(dir, 'index.mjs'));
      expect(load.resolve(TOKEN_RANKS_MODULE).startsWith(`${dir}/`), dir).toBe(true);
      expect((load(TOKEN_RANKS_MODULE) as { default: unknown[] }).default.length, dir).toBe(199_998);
      for (const file of tokenRanksFiles()) expect(existsSync(join(dir, file)), file).toBe(true);
      // The bundle carries the encoder (tens of KB), not the 2.4 MB of ranks.
      expect(statSync(join(dir, 'index.mjs')).size, dir).toBeLessThan(2 * 1024 * 1024);
    }
    for (const handler of ['auth/login', 'system/openapi']) expect(existsSync(join(routeAsset(handler), 'node_modules')), handler).toBe(false);
  });

  it('`npm run bundle-sizes` builds exactly what the stack deploys', async () => {
    const sample = ['auth/login', 'billing/webhook', 'system/openapi'];
    const measured = await measureBundles(sample);
    for (const handler of sample) {
      const route = ROUTE_LIST.find((r) => r.handler === handler)!;
      const dir = assetDir(functionsByRouteKey(bundled).get(gatewayKey(route))![1]);
      expect(measured.find((m) => m.handler === handler)!.bytes, handler).toBe(statSync(join(dir, 'index.mjs')).size);
    }
  });
});

describe('deploy settings (context)', () => {
  const read = (context: Record<string, unknown>) => settingsFromContext((k) => context[k]);

  it('takes settings per stage from cdk.json, the command line winning, and checks them', () => {
    const stages = {
      prod: {
        domainName: DOMAIN,
        certificateArn: CERTIFICATE_ARN,
        apiDomainName: API_DOMAIN,
        apiCertificateArn: API_CERTIFICATE_ARN,
        stripeSecretArn: STRIPE_SECRET_ARN,
      },
    };
    const api = { apiDomainName: API_DOMAIN, apiCertificateArn: API_CERTIFICATE_ARN };
    expect(read({ stage: 'dev', stages })).toEqual({ stage: 'dev' });
    expect(read({ stage: 'prod', stages, alarmEmail: ALARM_EMAIL })).toEqual({ stage: 'prod', ...stages.prod, alarmEmail: ALARM_EMAIL });
    expect(read({ stage: 'prod', stages, domainName: 'other.example.com' }).domainName).toBe('other.example.com');
    expect(read({})).toEqual({ stage: 'dev' });

    expect(read({ stage: 'prod', stages: { prod: { librarySearch: 'opensearch', ...api } } }).librarySearch).toBe('opensearch');
    expect(() => read({ librarySearch: 'elastic' })).toThrow(/librarySearch must be embedded or opensearch/);
    expect(read({ stage: 'prod', stages: { prod: { legacyUsersIndex: true, ...api } } }).legacyUsersIndex).toBe(true);
    expect(read({ legacyUsersIndex: 'true' }).legacyUsersIndex).toBe(true);
    expect(read({ legacyUsersIndex: 'false' }).legacyUsersIndex).toBeUndefined();
    expect(() => read({ legacyUsersIndex: 'yes' })).toThrow(/legacyUsersIndex must be true or false/);
    expect(() => read({ stage: 'Prod' })).toThrow(/Invalid stage/);
    expect(() => read({ stage: 'prod', stages: { prod: { domain: DOMAIN } } })).toThrow(/Unknown settings.*domain/);
    expect(() => read({ alarmEmail: 'ops' })).toThrow(/alarmEmail/);
    // A secret name or partial ARN would grant IAM access to nothing.
    expect(() => read({ stripeSecretArn: 'construct/stripe' })).toThrow(/complete secret ARN/);
    expect(() => read({ openAiSecretArn: OPENAI_SECRET_ARN.replace(/-AbCdEf$/, '') })).toThrow(/complete secret ARN/);
  });

  it('takes stage throttles and WAF limits from context, keeping the credential routes below the stage', () => {
    expect(read({ stage: 'prod', stages: { prod: { throttleRate: 20000, apiDomainName: API_DOMAIN, apiCertificateArn: API_CERTIFICATE_ARN } } })).toMatchObject(
      {
        throttle: { rateLimit: 20000, burstLimit: THROTTLE_DEFAULTS.throttle.burstLimit },
        authThrottle: THROTTLE_DEFAULTS.authThrottle,
      },
    );
    expect(read({ throttleRate: '500', throttleBurst: '400' })).toMatchObject({
      throttle: { rateLimit: 500, burstLimit: 400 },
      authThrottle: { rateLimit: 50, burstLimit: 200 },
    });
    expect(read({ signInRateLimit: '200' }).signInRateLimit).toBe(200);
    expect(read({ apiRateLimit: '5000', computeRateLimit: '300' })).toMatchObject({ apiRateLimit: 5000, computeRateLimit: 300 });
    expect(() => read({ apiRateLimit: '5' })).toThrow(/at least 10/);
    expect(() => read({ throttleRate: 'fast' })).toThrow(/throttleRate/);
    expect(() => read({ throttleRate: '100', authThrottleRate: '100' })).toThrow(/below/);
  });

  it("needs the API's own domain for prod, so its execute-api endpoint can be disabled", () => {
    expect(() => read({ stage: 'prod' })).toThrow(/prod needs apiDomainName and apiCertificateArn/);
    expect(() => read({ apiDomainName: API_DOMAIN })).toThrow(/both apiDomainName and apiCertificateArn/);
    expect(() => read({ apiDomainName: API_DOMAIN, apiCertificateArn: 'api-cert' })).toThrow(/ACM certificate ARN/);
    expect(read({ stage: 'prod', apiDomainName: API_DOMAIN, apiCertificateArn: API_CERTIFICATE_ARN })).toMatchObject({ apiDomainName: API_DOMAIN });
    // No setting takes the web ACL any more: the stage deploys its own (infra/deployment.ts).
    expect(() => read({ stages: { dev: { webAclArn: WEB_ACL_ARN } } })).toThrow(/Unknown settings.*webAclArn/);
    // A rotation names the origin secret's new version (README, Deploy).
    expect(read({ stages: { dev: { originSecretVersion: ORIGIN_SECRET_VERSION } } }).originSecretVersion).toBe(ORIGIN_SECRET_VERSION);
    expect(() => read({ originSecretVersion: 'AWSCURRENT' })).toThrow(/VersionId/);
  });
});

describe('front door: throttles sized for the product, WAF per client address', () => {
  it('throttles the stage at the design load by default, and no route so low that one client blocks it', () => {
    const [, stage] = only(ofType(dev, 'AWS::ApiGatewayV2::Stage'));
    const p = stage.Properties;
    expect(p.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThanOrEqual(10_000);
    for (const settings of Object.values(p.RouteSettings as Record<string, { ThrottlingRateLimit: number }>))
      expect(settings.ThrottlingRateLimit).toBeGreaterThanOrEqual(500);
  });

  const distribution = (t: Synthesised) => only(ofType(t, 'AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;
  /** Whether a WAF statement (byte matches on the path, and/or) matches `uri`. */
  const matches = (statement: any, uri: string): boolean => {
    if (statement.OrStatement) return statement.OrStatement.Statements.some((x: unknown) => matches(x, uri));
    if (statement.AndStatement) return statement.AndStatement.Statements.every((x: unknown) => matches(x, uri));
    const { FieldToMatch, PositionalConstraint, SearchString, TextTransformations } = statement.ByteMatchStatement;
    expect([FieldToMatch, TextTransformations]).toEqual([{ UriPath: {} }, [{ Priority: 0, Type: 'NONE' }]]);
    if (PositionalConstraint === 'EXACTLY') return uri === SearchString;
    if (PositionalConstraint === 'STARTS_WITH') return uri.startsWith(SearchString);
    if (PositionalConstraint === 'ENDS_WITH') return uri.endsWith(SearchString);
    throw new Error(`unexpected ${PositionalConstraint}`);
  };

  it('limits every client address in a CloudFront-scope web ACL of its own us-east-1 stack: the API, and more tightly MCP, compile, sign-in and registration', () => {
    for (const edge of [devEdge, prodEdge]) {
      const [, acl] = only(ofType(edge, 'AWS::WAFv2::WebACL'));
      expect(acl.Properties.Scope).toBe('CLOUDFRONT');
      expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
      // CloudFormation's patterns for AWS::WAFv2::WebACL (no brackets in a description, for one), the stack's description kept to them too.
      expect(edge.toJSON().Description).toMatch(/^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]$/);
      expect(acl.Properties.Description).toMatch(/^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]$/);
      for (const rule of acl.Properties.Rules) expect(rule.Name).toMatch(/^[\w-]{1,128}$/);
      for (const metric of [acl.Properties.VisibilityConfig, ...acl.Properties.Rules.map((r: any) => r.VisibilityConfig)].map((v) => v.MetricName))
        expect(metric).toMatch(/^[\w#:.\-/]+$/);
      const rules = Object.fromEntries(acl.Properties.Rules.map((r: any) => [r.Name, r]));
      expect(Object.keys(rules).sort()).toEqual(['ApiPerAddress', 'ComputePerAddress', 'RegisterPerAddress', 'SignInPerAddress']);
      const limits = {
        SignInPerAddress: 'signInRateLimit',
        RegisterPerAddress: 'registerRateLimit',
        ComputePerAddress: 'computeRateLimit',
        ApiPerAddress: 'apiRateLimit',
      } as const;
      for (const [name, setting] of Object.entries(limits)) {
        expect(rules[name].Statement.RateBasedStatement, name).toMatchObject({
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
          Limit: EDGE_DEFAULTS[setting],
        });
        expect(rules[name].Action.Block.CustomResponse.ResponseCode, name).toBe(429);
      }
      const covered = (uri: string) =>
        Object.keys(rules)
          .filter((name) => matches(rules[name].Statement.RateBasedStatement.ScopeDownStatement, uri))
          .sort();
      expect(covered('/api/v1/auth/login')).toEqual(['ApiPerAddress', 'SignInPerAddress']);
      expect(covered('/api/v1/auth/register')).toEqual(['ApiPerAddress', 'RegisterPerAddress']);
      expect(covered('/api/v1/mcp')).toEqual(['ApiPerAddress', 'ComputePerAddress']);
      expect(covered('/api/v1/registry/prompts/weekly-report/compile')).toEqual(['ApiPerAddress', 'ComputePerAddress']);
      for (const uri of ['/api/v1/registry/prompts/weekly-report', '/api/v1/prompts/', '/api/v1/engine/run', '/api/v1/library/prompts'])
        expect(covered(uri), uri).toEqual(['ApiPerAddress']);
      expect(covered('/pricing')).toEqual([]);
      expect(EDGE_DEFAULTS.computeRateLimit).toBeLessThan(EDGE_DEFAULTS.apiRateLimit);
    }
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'construct-edge-')) });
    expect(() => new EdgeStack(app, 'Elsewhere', { stage: 'dev', env: { account: '123456789012', region: 'eu-west-1' } })).toThrow(/us-east-1/);
  });

  it("gives every stage's distribution its own edge stack's web ACL", () => {
    for (const [main, edge] of [
      [dev, devEdge],
      [prod, prodEdge],
    ] as const) {
      const [aclId] = only(ofType(edge, 'AWS::WAFv2::WebACL'));
      const exported = Object.values(edge.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>).find(
        (o) => JSON.stringify(o.Value) === JSON.stringify({ 'Fn::GetAtt': [aclId, 'Arn'] }) && o.Export,
      );
      expect(exported).toBeDefined();
      expect(distribution(main).WebACLId).toEqual({ 'Fn::ImportValue': exported!.Export!.Name });
    }
  });

  it('wires a stage in another region to its us-east-1 web ACL by a CDK cross-region reference, and needs the region', () => {
    // Bundling skipped (CDK's own switch): only the wiring is looked at here.
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'construct-xregion-')), context: { 'aws:cdk:bundling-stacks': [] } });
    const { edge, main } = addStage(app, { stage: 'dev' }, { account: ENV.account, region: 'eu-west-1' }, { webDist: join(REPO_ROOT, 'missing') });
    expect([edge.region, main.region]).toEqual(['us-east-1', 'eu-west-1']);
    const mainTemplate = Template.fromStack(main);
    const edgeTemplate = Template.fromStack(edge);
    expect(ofType(edgeTemplate, 'Custom::CrossRegionExportWriter')).toHaveLength(1);
    const [readerId] = only(ofType(mainTemplate, 'Custom::CrossRegionExportReader'));
    const webAclId = distribution(mainTemplate).WebACLId;
    expect(webAclId['Fn::GetAtt'][0]).toBe(readerId);
    expect(main.dependencies).toContain(edge);
    expect(() => addStage(new App(), { stage: 'dev' }, { account: ENV.account })).toThrow(/set AWS_REGION/);
  });
});

describe('stacks: the main stack, a nested stack per area of the route table, one for the workers', () => {
  const cases = () =>
    [
      [dev, devStack.node.path],
      [prod, 'Construct-prod'],
      [withWorkers, 'Construct-workers'],
    ] as const;
  const count = (json: Record<string, any>, section: string) => Object.keys(json[section] ?? {}).length;

  it(`keeps every stack within ${STACK_RESOURCE_BUDGET} of CloudFormation's 500 resources, and far from its 200 parameters and outputs`, () => {
    const rows: string[] = [];
    for (const [t] of cases()) {
      for (const { path, json } of t.stacks) {
        rows.push(`${path.padEnd(36)} ${String(count(json, 'Resources')).padStart(4)} resources ${String(count(json, 'Parameters')).padStart(3)} parameters`);
        expect(count(json, 'Resources'), path).toBeLessThanOrEqual(STACK_RESOURCE_BUDGET);
        expect(count(json, 'Parameters'), path).toBeLessThanOrEqual(100);
        expect(count(json, 'Outputs'), path).toBeLessThanOrEqual(100);
      }
    }
    console.log(`Resources per stack:\n${rows.join('\n')}`);
    // The routes do not sit in the main stack: it holds what is shared, whatever the number of routes.
    // What does grow there is one nested stack per area of the route table (14) and a role and its
    // policy per distinct access the functions need (23 of each, FunctionRoles): 102 in prod today,
    // far from the budget. Past 125, move the roles into their areas' stacks.
    for (const [t, path] of cases()) expect(count(only(t.stacks.filter((s) => s.path === path)).json, 'Resources'), path).toBeLessThan(125);
  });

  it("serves each route from exactly one stack, its area's, which holds its function too", () => {
    for (const [t, path] of cases()) {
      const byKey = functionsByRouteKey(t);
      for (const route of [...ROUTE_LIST, ...PAGE_ROUTES]) {
        const area = `${path}/${routeStackId(areaOf(route.path))}`;
        const holding = t.stacks.filter(({ json }) =>
          Object.values<Resource>(json.Resources).some((r) =>
            isStreaming(route as RouteDef)
              ? r.Type === 'AWS::Lambda::Function' && r.Properties.Description === `${route.method} /api/v1${route.path}`
              : r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === ('pattern' in route ? key(route) : gatewayKey(route)),
          ),
        );
        expect(
          holding.map((h) => h.path),
          key(route),
        ).toEqual([area]);
        const [fnId] = byKey.get('pattern' in route ? key(route) : gatewayKey(route))!;
        expect(fnId.startsWith(`${routeStackId(areaOf(route.path))}/`), key(route)).toBe(true);
      }
    }
    // The rule: the longest listed prefix, else the first segment.
    expect(['/prompts/', '/prompts/{id}/versions', '/auth/login', '/account', '/s/{token}', '/health'].map(areaOf)).toEqual([
      'Prompts',
      'Prompts',
      'Account',
      'Account',
      'Sharing',
      'System',
    ]);
    expect(areaOf('/webhooks/{id}/deliveries')).toBe('Webhooks');
    expect(areaOf('/api-keysmith')).toBe('ApiKeysmith');
  });

  it("runs each worker in exactly one stack, the workers' own: queues, function, mapping and alarm", () => {
    for (const [t, table] of workerCases()) {
      for (const def of table) {
        const holding = t.stacks.filter(({ json }) =>
          Object.values<Resource>(json.Resources).some(
            (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === `${WORKER_DESCRIPTION} ${def.name}`,
          ),
        );
        expect(holding.map((h) => h.path.split('/').slice(1).join('/'))).toEqual(['Workers']);
        const [fnId] = workerFunctions(t).get(def.name)!;
        const [, mapping] = only(ofType(t, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.FunctionName.Ref === fnId));
        const queueId = mapping.Properties.EventSourceArn['Fn::GetAtt'][0] as string;
        const dlqId = resources(t)[queueId]!.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
        const [alarmId] = only(ofType(t, 'AWS::CloudWatch::Alarm').filter(([, a]) => JSON.stringify(a.Properties.Dimensions ?? []).includes(dlqId)));
        for (const id of [fnId, queueId, dlqId, alarmId]) expect(id.startsWith('Workers/'), `${def.name} ${id}`).toBe(true);
      }
      if (!table.length) expect(t.stacks.some((s) => s.path.endsWith('/Workers'))).toBe(false);
    }
  });

  it('keeps the logical ids of what holds data or is referenced from outside, so a deploy updates them in place', () => {
    // A new logical id replaces the resource: the table (its data), the buckets, the KMS key (every
    // sealed secret), the secrets (sessions, Stripe settings), the retained log groups, and the
    // distribution (its domain, which DNS names). A test fails before a deploy would.
    const ids = (t: Synthesised, type: string) => ofType(t, type).map(([id]) => id);
    for (const t of [dev, prod, withWorkers]) {
      expect(ids(t, 'AWS::DynamoDB::Table')).toEqual(['DataTableFDBAD0F2']);
      expect(ids(t, 'AWS::CloudFront::Distribution')).toEqual(['WebDistributionCF3E234B']);
      expect(ids(t, 'AWS::S3::Bucket').sort()).toEqual(['LibraryBucket2DAE2F95', 'WebBucketE51352C0']);
      expect(ids(t, 'AWS::SecretsManager::Secret').sort()).toEqual(
        t === prod ? ['ApiJwtSecretF302CD05', 'ApiOriginSecretBC5DA8DF'] : ['ApiJwtSecretF302CD05', 'ApiOriginSecretBC5DA8DF', 'ApiStripeSecret449CD691'],
      );
      expect(ids(t, 'AWS::Logs::LogGroup').filter((id) => !id.includes('/'))).toEqual(
        expect.arrayContaining(['ApiAccessLogs50B185DB', 'ApiFunctionLogs4B382957', 'LibraryBuilderLogs0ECC4384']),
      );
    }
    expect(ids(withWorkers, 'AWS::KMS::Key')).toEqual(['SecretBoxKeyB9E6227C']);
  });
});

describe('cdk-nag', () => {
  it('passes the AwsSolutions pack, every exception acknowledged with a reason next to its cause', () => {
    const findings = [...stacks, ...edgeStacks].flatMap((stack) =>
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

describe('library snapshots: built once per library change, read from S3', () => {
  it('runs one builder at a time from the table stream, for library items only, batched', () => {
    const [builderId, builder] = only(ofType(dev, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Description === SNAPSHOT_BUILDER_DESCRIPTION));
    expect(builder.Properties.ReservedConcurrentExecutions).toBe(1);
    const [, mapping] = only(ofType(dev, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.FunctionName.Ref === builderId));
    expect(mapping.Properties.MaximumBatchingWindowInSeconds).toBeGreaterThanOrEqual(5);
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern).dynamodb.Keys.pk.S[0].prefix).sort();
    expect(patterns).toEqual(['LIBCAT#', 'LIBPROMPT#']);
    const [, table] = only(ofType(dev, 'AWS::DynamoDB::Table'));
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'KEYS_ONLY' });
  });

  it('keeps snapshots in a private bucket whose old versions expire, read only by the library-reading routes', () => {
    const [bucketId, bucket] = only(ofType(dev, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('LibraryBucket')));
    expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: 'v/', ExpirationInDays: 1 }));
    const byKey = functionsByRouteKey(dev);
    for (const route of ROUTE_LIST) {
      const [, fn] = byKey.get(gatewayKey(route))!;
      // Every function knows the bucket, so a library write in AWS leaves the build to the stream.
      expect(fn.Properties.Environment.Variables.LIBRARY_BUCKET, key(route)).toEqual({ Ref: bucketId });
    }
    expect(byKey.get('GET /api/v1/library/prompts')).toBeDefined();
  });

  it('searches through an OpenSearch Serverless collection only when the stage enables it, open to the builder and the library page only', () => {
    expect(ofType(dev, 'AWS::OpenSearchServerless::Collection')).toHaveLength(0);
    const [collectionId, collection] = only(ofType(prod, 'AWS::OpenSearchServerless::Collection'));
    expect(collection.Properties).toMatchObject({ Type: 'SEARCH', StandbyReplicas: 'ENABLED' });
    const policies = ofType(prod, 'AWS::OpenSearchServerless::SecurityPolicy');
    expect(policies.map(([, p]) => p.Properties.Type).sort()).toEqual(['encryption', 'network']);
    // A collection cannot be created before an encryption policy covers its name.
    expect(collection.DependsOn).toEqual(expect.arrayContaining(policies.map(([id]) => id)));
    for (const [, p] of policies) expect(p.Properties.Policy).toContain(`collection/${collection.Properties.Name}`);

    const [builderId] = only(ofType(prod, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Description === SNAPSHOT_BUILDER_DESCRIPTION));
    const byKey = functionsByRouteKey(prod);
    const [pageFnId] = byKey.get('GET /api/v1/library/prompts')!;
    const withEndpoint = ofType(prod, 'AWS::Lambda::Function')
      .filter(([, r]) => r.Properties.Environment?.Variables?.LIBRARY_SEARCH_ENDPOINT)
      .map(([id]) => id);
    expect(withEndpoint.sort()).toEqual([builderId, pageFnId].sort());
    const all = resources(prod);
    const roleOf = (fnId: string) => all[fnId]!.Properties.Role['Fn::GetAtt'][0] as string;
    const apiAccess = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('aoss:APIAccessAll'))
      .flatMap(([, p]) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref));
    expect(apiAccess.sort()).toEqual([roleOf(builderId), roleOf(pageFnId)].sort());
    // The data access policy names the same two roles: the builder writes, the page function reads.
    const [, access] = only(ofType(prod, 'AWS::OpenSearchServerless::AccessPolicy'));
    const policy = JSON.stringify(access.Properties.Policy);
    expect(policy).toContain(roleOf(builderId));
    expect(policy).toContain(roleOf(pageFnId));
    expect(policy.match(/Fn::GetAtt/g)).toHaveLength(2);
    expect(JSON.stringify(all[builderId]!.Properties.Environment.Variables.LIBRARY_SEARCH_ENDPOINT)).toContain(collectionId);
  });
});

describe('background work: the worker table ⟷ queues, dead-letter queues, functions, mappings, alarms', () => {
  const cases = () => workerCases();
  const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
  /** The queue (not dead-letter queue) a worker's mapping reads, and its dead-letter queue. */
  function queuesOf(t: Synthesised, fnId: string) {
    const [, mapping] = only(ofType(t, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.FunctionName.Ref === fnId));
    const queueId = mapping.Properties.EventSourceArn['Fn::GetAtt'][0] as string;
    const queue = resources(t)[queueId]!;
    const dlqId = queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
    return { mapping, queueId, queue, dlqId, dlq: resources(t)[dlqId]! };
  }
  /** The queue ARNs a function may send to. */
  const sendsTo = (t: Synthesised, fn: Resource) =>
    statementsOf(t, fn)
      .filter((s) => [s.Action].flat().some((a) => a === 'sqs:SendMessage' || a === 'sqs:*'))
      .flatMap((s) => [s.Resource].flat())
      .map((r) => JSON.stringify(r))
      .sort();

  it('has a queue and a dead-letter queue per worker and no other, encrypted and TLS-only', () => {
    expect(TEST_WORKERS.length).toBeGreaterThan(0);
    for (const [t, table] of cases()) {
      expect(ofType(t, 'AWS::SQS::Queue')).toHaveLength(2 * table.length);
      expect(workerFunctions(t).size).toBe(table.length);
      for (const [, q] of ofType(t, 'AWS::SQS::Queue')) expect(q.Properties.SqsManagedSseEnabled).toBe(true);
      const policies = ofType(t, 'AWS::SQS::QueuePolicy');
      expect(policies).toHaveLength(2 * table.length);
      for (const [, p] of policies) expect(JSON.stringify(p.Properties.PolicyDocument)).toContain('aws:SecureTransport');
    }
  });

  it('runs each worker module on its own queue: batch size, bounded concurrency, partial batch failures, sizing from the table', () => {
    for (const [t, table] of cases()) {
      const fns = workerFunctions(t);
      for (const def of table) {
        const [fnId, fn] = fns.get(def.name)!;
        expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Handler: 'index.handler', Timeout: def.timeoutSeconds, MemorySize: def.memoryMb ?? 256 });
        const { mapping } = queuesOf(t, fnId);
        expect(mapping.Properties, def.name).toMatchObject({
          BatchSize: def.batchSize,
          ScalingConfig: { MaximumConcurrency: def.maxConcurrency },
          FunctionResponseTypes: ['ReportBatchItemFailures'],
        });
      }
    }
    // The bundled stack runs every worker, product and test: each bundle is its own module.
    for (const def of [...WORKERS, ...TEST_WORKERS]) {
      const [, fn] = workerFunctions(bundled).get(def.name)!;
      const map = JSON.parse(readFileSync(join(outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`, 'index.mjs.map'), 'utf8')) as {
        sources: string[];
      };
      expect(
        map.sources.some((f) => f.endsWith(`${def.handler.replace(/^(\.\.\/)+/, '')}.ts`)),
        def.name,
      ).toBe(true);
    }
  });

  it('hides a received message longer than the worker runs, then sends it to the dead-letter queue after maxReceiveCount', () => {
    for (const [t, table] of cases()) {
      for (const def of table) {
        const [fnId, fn] = workerFunctions(t).get(def.name)!;
        const { queue, dlqId, dlq } = queuesOf(t, fnId);
        expect(queue.Properties.VisibilityTimeout).toBe(visibilityTimeoutOf(def));
        expect(queue.Properties.VisibilityTimeout).toBeGreaterThan(fn.Properties.Timeout);
        expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: arnOf(dlqId), maxReceiveCount: def.maxReceiveCount });
        expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
        expect(dlq.DeletionPolicy).toBe(t === dev ? 'Delete' : 'Retain');
      }
    }
  });

  it('alarms on any message in a dead-letter queue, to the operators topic', () => {
    for (const [t, table] of cases()) {
      const topic = { Ref: only(ofType(t, 'AWS::SNS::Topic'))[0] };
      const depth = ofType(t, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
      expect(depth).toHaveLength(table.length);
      for (const def of table) {
        const { dlqId } = queuesOf(t, workerFunctions(t).get(def.name)![0]);
        const [, alarm] = only(depth.filter(([, a]) => JSON.stringify(a.Properties.Dimensions).includes(dlqId)));
        expect(alarm.Properties).toMatchObject({
          Namespace: 'AWS/SQS',
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          AlarmActions: [topic],
        });
        expect(alarm.Properties.AlarmDescription).toContain(`worker ${def.name}`);
      }
    }
  });

  it('lets a function send only to the queues its route or worker enqueues to (sqs:SendMessage, their URLs in its environment)', () => {
    for (const [t, table] of cases()) {
      const queueArnOf = (worker: string) => JSON.stringify(arnOf(queuesOf(t, workerFunctions(t).get(worker)![0]).queueId));
      const check = (label: string, fn: Resource, enqueues: readonly string[]) => {
        expect(sendsTo(t, fn), label).toEqual(enqueues.map(queueArnOf).sort());
        const urls = Object.keys(fn.Properties.Environment?.Variables ?? {}).filter((n) => n.startsWith('QUEUE_URL_'));
        expect(urls.sort(), label).toEqual(enqueues.map(queueUrlEnv).sort());
        for (const worker of enqueues)
          expect(fn.Properties.Environment.Variables[queueUrlEnv(worker)]).toEqual({ Ref: queuesOf(t, workerFunctions(t).get(worker)![0]).queueId });
      };
      const byKey = functionsByRouteKey(t);
      for (const route of ROUTE_LIST) check(key(route), byKey.get(gatewayKey(route))![1], route.enqueues ?? []);
      for (const def of table) check(def.name, workerFunctions(t).get(def.name)![1], def.enqueues ?? []);
    }
    // The test table has a sender, so the rule is seen to grant as well as to withhold.
    expect(sendsTo(withWorkers, workerFunctions(withWorkers).get('test-relay')![1])).toHaveLength(1);
  });

  it('lets a worker receive and delete on its own queue only', () => {
    for (const [t, table] of cases()) {
      for (const def of table) {
        const [fnId, fn] = workerFunctions(t).get(def.name)!;
        const { queueId } = queuesOf(t, fnId);
        const receiving = statementsOf(t, fn).filter((s) => [s.Action].flat().includes('sqs:ReceiveMessage'));
        expect(receiving.flatMap((s) => [s.Resource].flat())).toEqual([arnOf(queueId)]);
        expect(receiving.flatMap((s) => [s.Action].flat())).toContain('sqs:DeleteMessage');
      }
    }
  });
});

describe('secrets users give: the KMS key', () => {
  it('exists when a route or worker is marked secrets: customer-managed, rotated yearly, kept in prod', () => {
    for (const [t, table] of workerCases()) {
      const marked = ROUTE_LIST.some((r) => r.secrets) || table.some((w) => w.secrets);
      const keys = ofType(t, 'AWS::KMS::Key');
      expect(keys).toHaveLength(marked ? 1 : 0);
      for (const [, key] of keys) {
        expect(key.Properties).toMatchObject({ EnableKeyRotation: true, RotationPeriodInDays: 365 });
        expect(key.DeletionPolicy).toBe(t === dev ? 'Delete' : 'Retain');
      }
    }
    expect(ofType(withWorkers, 'AWS::KMS::Key')).toHaveLength(1);
  });

  it('is usable (GenerateDataKey and Decrypt only) by exactly the routes and workers marked secrets, which are told its ARN', () => {
    for (const [t, table] of workerCases()) {
      const keyId = ofType(t, 'AWS::KMS::Key')[0]?.[0];
      const check = (label: string, fn: Resource, marked: boolean) => {
        const kms = statementsOf(t, fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')));
        expect(kms.flatMap((s) => [s.Action].flat()).sort(), label).toEqual(marked ? ['kms:Decrypt', 'kms:GenerateDataKey'] : []);
        for (const s of kms) expect(s.Resource, label).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        expect(fn.Properties.Environment?.Variables?.SECRET_BOX_KEY_ID, label).toEqual(marked ? { 'Fn::GetAtt': [keyId, 'Arn'] } : undefined);
      };
      const byKey = functionsByRouteKey(t);
      for (const route of ROUTE_LIST) check(key(route), byKey.get(gatewayKey(route))![1], route.secrets === true);
      for (const def of table) check(def.name, workerFunctions(t).get(def.name)![1], def.secrets === true);
    }
  });
});

describe('workers: email', () => {
  it('lets only the workers marked mails send, as the mailFrom identity only, with the sender and link site set (none in dev)', () => {
    const identity = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:us-east-1:123456789012:identity/mail.example.com']] };
    const table: readonly WorkerDef[] = WORKERS;
    expect(table.filter((w) => w.mails).map((w) => w.name)).toEqual(['webhook']);
    for (const def of table) {
      const [, fn] = workerFunctions(prod).get(def.name)!;
      const ses = statementsOf(prod, fn).filter((st) => [st.Action].flat().some((a) => a.startsWith('ses:')));
      expect(ses, def.name).toEqual(def.mails ? [expect.objectContaining({ Effect: 'Allow', Action: 'ses:SendEmail', Resource: identity })] : []);
      expect(fn.Properties.Environment.Variables.MAIL_FROM, def.name).toBe(def.mails ? MAIL_FROM : undefined);
      expect(fn.Properties.Environment.Variables.MAIL_SITE_URL, def.name).toBe(def.mails ? `https://${DOMAIN}` : undefined);
      const [, devFn] = workerFunctions(dev).get(def.name)!;
      expect(
        actionsOf(dev, devFn).filter((a) => a.startsWith('ses:')),
        def.name,
      ).toEqual([]);
    }
  });
});

/** Each synthesised stack with the worker table it was given. */
const workerCases = () =>
  [
    [withWorkers, [...WORKERS, ...TEST_WORKERS]],
    [dev, WORKERS],
    [prod, WORKERS],
  ] as [StackTemplates, readonly WorkerDef[]][];
