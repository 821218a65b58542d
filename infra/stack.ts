import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, NestedStack, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { withoutSplash } from '../shared/prerendered-pages';
import { API_BASE, PAGE_ROUTES, ROUTES, type RouteDef, routeKey } from '../shared/routes';
import { queueUrlEnv, WORKERS, type WorkerDef, workerId } from '../shared/workers';
import { Alarms, FunctionAlarms } from './constructs/alarms';
import { Api, type Throttle } from './constructs/api';
import { Data } from './constructs/data';
import { LibrarySearch } from './constructs/library-search';
import { LibrarySnapshots } from './constructs/library-snapshots';
import { REPO_ROOT } from './constructs/paths';
import { routeStackId, routesByArea } from './constructs/route-stacks';
import { mailIdentity } from './constructs/route-wiring';
import { SECRET_BOX_KEY_ENV, SecretBox } from './constructs/secret-box';
import { checkCustomDomain, Web } from './constructs/web';
import { Workers } from './constructs/workers';

export interface ConstructStackProps extends StackProps {
  /** `dev`, `prod`, …; `prod` retains data (table, bucket, logs, secret) and protects the table. */
  stage: string;
  /** The built SPA; defaults to web/dist. Deployed only when it contains index.html. */
  webDist?: string;
  /** Custom domain for CloudFront, with its ACM certificate (us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /** API Gateway throttles (stage-wide, and for login/register). */
  throttle?: Throttle;
  authThrottle?: Throttle;
  /** An existing secret with the OpenAI API key; without it the built-in engine runs. */
  openAiSecretArn?: string;
  /** Sender of the product's emails on a verified SES identity (see infra/context.ts). */
  mailFrom?: string;
  /** The site emailed links open when there is no custom domain. */
  mailSiteUrl?: string;
  /** Optional model name and OpenAI-compatible base URL for the enhancement function. */
  openAiModel?: string;
  openAiBaseUrl?: string;
  /**
   * An existing secret with the Stripe settings (JSON: secret_key, webhook_secret, price_pro,
   * price_elite); without it the stack creates a placeholder secret to fill in after deploying.
   */
  stripeSecretArn?: string;
  /** An address subscribed to the operators' alarm topic. */
  alarmEmail?: string;
  /** The CloudFront-scope WAF web ACL (the ConstructEdge-<stage> stack's, us-east-1; infra/deployment.ts wires it). */
  webAclArn: string;
  /** The HTTP API's own domain and its ACM certificate in this stack's region (required for prod: infra/context.ts). */
  apiDomainName?: string;
  apiCertificateArn?: string;
  /** The origin secret's version CloudFront sends (infra/context.ts `originSecretVersion`); without it the current one at deploy time. */
  originSecretVersion?: string;
  /**
   * The key of the library tier proof (64 hex digits), shared by the CloudFront Function and the
   * origin (docs/decisions.md). Context `tierProofKey` (infra/context.ts); without it each synth makes a new one,
   * which only means proofs issued before a deploy are re-issued on the next library request.
   */
  tierProofKey?: string;
  /** Keep the former users index (gsi1) until `migrateUsersIndex` has run on this deployment's data (README, Deploy). */
  legacyUsersIndex?: boolean;
  /** `opensearch`: library searches, filters and sorts go to an OpenSearch Serverless collection (cost in the README). */
  librarySearch?: 'embedded' | 'opensearch';
  /** The background workers (default: the worker table, shared/workers.ts; tests add their own). */
  workers?: readonly WorkerDef[];
  /** The API routes (default: the route table, shared/routes.ts; tests size the stacks with more). */
  routes?: readonly RouteDef[];
}

/**
 * Construct in AWS: CloudFront → (S3 SPA | HTTP API → one Lambda per route → DynamoDB), and for
 * streamed routes (POST /api/v1/engine/run) CloudFront → Lambda function URL (response streaming).
 *
 * This stack holds what is shared and stateful; each area of the route table has a nested stack
 * of its own with its functions and API routes (`Routes<Area>`, infra/constructs/route-stacks.ts),
 * and the background workers one more (`Workers`), so that no stack nears CloudFormation's 500
 * resources (docs/architecture.md, "Stacks").
 */
export class ConstructStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly alarms: Alarms;
  readonly library: LibrarySnapshots;
  readonly workers: Workers;
  /** The KMS key of secrets users give: made when a route or worker is marked `secrets` (a key costs a month's fee idle). */
  readonly secretBox?: SecretBox;
  /** The nested stack of each area of the route table, by area (`Prompts`). */
  readonly routeStacks = new Map<string, NestedStack>();
  /** The workers' nested stack, when the worker table has any. */
  readonly workerStack?: NestedStack;

  constructor(scope: Construct, id: string, props: ConstructStackProps) {
    super(scope, id, { terminationProtection: props.stage === 'prod', ...props });
    // Fail before anything is built (or bundled) when the domain settings cannot work.
    checkCustomDomain(props.domainName, props.certificateArn);
    const retain = props.stage === 'prod';
    Tags.of(this).add('project', 'construct');
    Tags.of(this).add('stage', props.stage);
    const routes = props.routes ?? (ROUTES as readonly RouteDef[]);

    this.data = new Data(this, 'Data', { retain, legacyUsersIndex: props.legacyUsersIndex });
    // The library snapshot: every function knows the bucket (library writes then leave the build
    // to the stream instead of building in process); those serving library reads may read it.
    this.library = new LibrarySnapshots(this, 'Library', { table: this.data.table, retain });
    // Secrets users give, and the background queue: both are granted per route below.
    const workers: readonly WorkerDef[] = props.workers ?? WORKERS;
    const secretBox = routes.some((r) => r.secrets) || workers.some((w) => w.secrets) ? new SecretBox(this, 'SecretBox', { retain }) : undefined;
    this.secretBox = secretBox;
    // About nine resources per worker: a nested stack of their own once there are any.
    this.workerStack = workers.length ? new NestedStack(this, 'Workers', { description: `Construct ${props.stage}: background workers` }) : undefined;
    this.workers = new Workers(this.workerStack ?? this, 'Workers', { workers, table: this.data.table, retain });
    const search = props.librarySearch === 'opensearch' ? new LibrarySearch(this, 'LibrarySearch', { stage: props.stage, standbyReplicas: retain }) : undefined;
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      retain,
      throttle: props.throttle,
      authThrottle: props.authThrottle,
      openAiSecretArn: props.openAiSecretArn,
      openAiModel: props.openAiModel,
      openAiBaseUrl: props.openAiBaseUrl,
      stripeSecretArn: props.stripeSecretArn,
      customDomain: props.apiDomainName && props.apiCertificateArn ? { domainName: props.apiDomainName, certificateArn: props.apiCertificateArn } : undefined,
      // Known at synth time only with a custom domain: the CloudFront domain would make the API's
      // functions depend on the distribution, which depends on the API (a cycle). Without it the
      // billing code takes the browser's Origin header.
      siteUrl: props.domainName ? `https://${props.domainName}` : undefined,
      mailFrom: props.mailFrom,
      mailSiteUrl: props.mailSiteUrl,
      spaShell: spaShell(props.webDist ?? join(REPO_ROOT, 'web', 'dist')),
      grantsFor: (route) => [
        ...(readsLibrarySnapshot(routeKey(route)) ? [{ name: 'Library', grant: (role: Role) => this.library.grantReadTo(role) }] : []),
        ...(search && searchesLibrary(routeKey(route)) ? [{ name: 'LibrarySearch', grant: (role: Role) => search.grant(role) }] : []),
        ...(secretBox && route.secrets ? [{ name: 'SecretBox', grant: (role: Role) => secretBox.grant(role) }] : []),
        ...(route.enqueues ?? []).map((worker) => ({ name: `Enqueue${workerId(worker)}`, grant: (role: Role) => this.workers.grantSend(worker, role) })),
      ],
    });
    this.alarms = new Alarms(this, 'Alarms', {
      stage: props.stage,
      httpApi: this.api.httpApi,
      table: this.data.table,
      indexNames: this.data.indexNames,
      email: props.alarmEmail,
    });
    // Each stack groups its own functions' alarms; the composites here watch every group.
    const functionAlarms: FunctionAlarms[] = [];
    if (this.workerStack) {
      this.alarms.watchDeadLetters(this.workerStack, this.workers.deadLetterQueues);
      const named = new Map([...this.workers.functions].map(([name, fn]) => [`worker ${name}`, fn] as const));
      functionAlarms.push(new FunctionAlarms(this.workerStack, 'Alarms', { stage: props.stage, functions: named }));
    }
    for (const [area, served] of routesByArea(routes, PAGE_ROUTES)) {
      const nested = new NestedStack(this, routeStackId(area), { description: `Construct ${props.stage}: the functions and API routes of ${area}` });
      const functions = this.api.serve(nested, served.routes, served.pages);
      functionAlarms.push(new FunctionAlarms(nested, 'Alarms', { stage: props.stage, functions }));
      this.routeStacks.set(area, nested);
    }
    for (const route of routes) {
      const fn = this.api.functions.get(routeKey(route))!;
      if (secretBox && route.secrets) fn.addEnvironment(SECRET_BOX_KEY_ENV, secretBox.key.keyArn);
      for (const worker of route.enqueues ?? []) fn.addEnvironment(queueUrlEnv(worker), this.workers.queueUrl(worker));
    }
    for (const def of workers) {
      if (!secretBox || !def.secrets) continue;
      const fn = this.workers.functions.get(def.name)!;
      secretBox.grant(fn);
      fn.addEnvironment(SECRET_BOX_KEY_ENV, secretBox.key.keyArn);
    }
    for (const def of workers) {
      if (!props.mailFrom || !def.mails) continue;
      const fn = this.workers.functions.get(def.name)!;
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [this.formatArn({ service: 'ses', resource: 'identity', resourceName: mailIdentity(props.mailFrom) })],
        }),
      );
      fn.addEnvironment('MAIL_FROM', props.mailFrom);
      const site = props.mailSiteUrl ?? (props.domainName ? `https://${props.domainName}` : undefined);
      if (site) fn.addEnvironment('MAIL_SITE_URL', site);
    }
    for (const fn of this.api.functions.values()) fn.addEnvironment('LIBRARY_BUCKET', this.library.bucket.bucketName);
    if (search) {
      // The builder writes the index before it publishes a snapshot; the page function reads it.
      search.grant(this.library.builder.role!, { write: true });
      this.library.builder.addEnvironment(SEARCH_ENDPOINT_ENV, search.endpoint);
      for (const [key, fn] of this.api.functions) if (searchesLibrary(key)) fn.addEnvironment(SEARCH_ENDPOINT_ENV, search.endpoint);
    }
    const tierProofKey = props.tierProofKey ?? randomBytes(32).toString('hex');
    for (const [key, fn] of this.api.functions) if (usesTierProof(key)) fn.addEnvironment('TIER_PROOF_KEY', tierProofKey);
    this.web = new Web(this, 'Web', {
      tierProofKey,
      apiDomainName: this.api.domainName,
      streamingEndpoints: this.api.streamingEndpoints,
      pagePatterns: this.api.pagePatterns,
      retain,
      webDist: props.webDist ?? join(REPO_ROOT, 'web', 'dist'),
      domainName: props.domainName,
      certificateArn: props.certificateArn,
      webAclArn: props.webAclArn,
      originSecret: this.api.originSecret,
      originSecretVersion: props.originSecretVersion,
    });
    this.alarms.watchFunctions(functionAlarms);

    new CfnOutput(this, 'SiteUrl', { value: this.web.url, description: 'The product (SPA and API on one origin)' });
    new CfnOutput(this, 'ApiUrl', { value: `${this.web.url}${API_BASE}`, description: 'API base URL through CloudFront' });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.web.url}${API_BASE}/billing/webhook`,
      description: 'Register this endpoint in the Stripe dashboard',
    });
    if (this.api.customDomainTarget) {
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.api.customDomainTarget,
        description: `Point ${props.apiDomainName} at this (CNAME, or a Route 53 alias): CloudFront reaches the API there`,
      });
    } else {
      new CfnOutput(this, 'ExecuteApiUrl', { value: this.api.url, description: 'The HTTP API without CloudFront (diagnostics; disabled with apiDomainName)' });
    }
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', { value: this.api.jwtSecret.secretArn });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.api.originSecret.secretArn,
      description: 'The secret CloudFront sends to the API (x-origin-verify); rotate as the README says',
    });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.api.stripeSecret.secretArn,
      description: this.api.stripeSecretIsPlaceholder
        ? 'Placeholder Stripe secret created by the stack: put secret_key, webhook_secret, price_pro, price_elite into it (README, Deploy)'
        : 'The Stripe secret given as context (stripeSecretArn)',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'SNS topic of the operator alarms: subscribe email, chat or paging to it',
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: props.domainName ? `Point ${props.domainName} at this (CNAME, or a Route 53 alias)` : 'The CloudFront domain serving the site',
    });
    if (!this.web.deployed) {
      new CfnOutput(this, 'WebNotDeployed', {
        value: 'web/dist/index.html was missing at synth time: the bucket is empty. Run `npm run deploy` (builds first).',
      });
    }
  }
}

/** Routes that issue or check the library tier proof (functions/lib/use-cases/tier-proof.ts). */
export const usesTierProof = (routeKey: string) =>
  ['POST /auth/login', 'GET /library/prompts', 'GET /library/prompts/{id}', 'GET /library/filters'].includes(routeKey);

/** The environment variable naming the search collection (functions/lib/services/library-search.ts). */
const SEARCH_ENDPOINT_ENV = 'LIBRARY_SEARCH_ENDPOINT';
/** The route whose searches, filters and sorts the search engine answers when the stage has one. */
export const searchesLibrary = (routeKey: string) => routeKey === 'GET /library/prompts';

/** Routes answered from the library snapshot (functions that import functions/lib/services/library-snapshot/). */
export const readsLibrarySnapshot = (routeKey: string) =>
  ['GET /library/prompts', 'GET /library/prompts/{id}', 'GET /library/filters', 'GET /prompts/', 'GET /admin/categories'].includes(routeKey) ||
  routeKey.includes('/library-update');

/**
 * The built SPA's index.html for the page functions (docs/architecture.md, "Share pages"), when
 * there is a build; without the splash, which share pages leave out (and Lambda's environment holds 4 KB).
 */
export function spaShell(webDist: string): string | undefined {
  const file = join(webDist, 'index.html');
  return existsSync(file) ? withoutSplash(readFileSync(file, 'utf8')) : undefined;
}
