import { type CfnResource, Fn, Lazy, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_BASE, type PageRouteDef, type RouteDef, routeId, routeKey } from '../../shared/routes';
import { THROTTLE_DEFAULTS } from '../context';
import { ApiFunction, FunctionRoles, type RoleGrant } from './api-function';
import { acknowledgeFunctions } from './nag';
import {
  apiGatewayPath,
  apiGatewayRouteKey,
  CREDENTIAL_ROUTES,
  countsPerAddress,
  isBilling,
  mailIdentity,
  needsJwtKey,
  STRIPE_SECRET_FIELDS,
  sendsMail,
  usesOpenAi,
  usesStripe,
} from './route-wiring';

export interface Throttle {
  /** Steady-state requests per second. */
  rateLimit: number;
  /** Requests allowed in a burst. */
  burstLimit: number;
}

/** Runs streaming at once across all users (each user holds at most 3: functions/lib/data/run-leases.ts). */
export const RUN_CONCURRENCY = 20;

export interface ApiProps {
  table: ITable;
  /**
   * Reserved concurrency of the streaming run function: its function URL sits outside API
   * Gateway's throttles, so this caps what runs can cost at once (default RUN_CONCURRENCY).
   */
  runConcurrency?: number;
  /** prod keeps log groups and the JWT secret when the stack is deleted. */
  retain: boolean;
  /** Stage-wide throttle (every route). */
  throttle?: Throttle;
  /** Stricter throttle for the credential endpoints (login, register). */
  authThrottle?: Throttle;
  /**
   * An existing Secrets Manager secret holding the OpenAI API key (its value set by the operator).
   * Without it the enhancement engine runs its built-in deterministic engine.
   */
  openAiSecretArn?: string;
  /** Optional OpenAI settings for the enhancement function (not secret): model and base URL. */
  openAiModel?: string;
  openAiBaseUrl?: string;
  /**
   * An existing Secrets Manager secret with the Stripe settings, a JSON object
   * `{secret_key, webhook_secret, price_pro, price_elite}`. Without it the stack creates a
   * placeholder secret of that shape for the operator to fill in after the first deploy.
   */
  stripeSecretArn?: string;
  /**
   * The public site URL (`https://app.example.com`) Stripe sends users back to. Only known at
   * synth time with a custom domain; without one the billing code uses the request's Origin.
   */
  siteUrl?: string;
  /**
   * The API's own domain (`api-origin.example.com`) and its ACM certificate in the stack's region:
   * CloudFront reaches the API through it, and the execute-api endpoint is disabled, so no request
   * can reach the API without its domain. Without them (a dev stage) the endpoint stays on.
   */
  customDomain?: { domainName: string; certificateArn: string };
  /** Access a route's function needs beyond the table and its secrets (the library snapshot bucket). */
  grantsFor?: (route: RouteDef) => RoleGrant[];
  /**
   * The sender of the product's emails (`Construct <no-reply@example.com>`), on an SES identity
   * verified for its domain. Without it the email routes answer 503 (nothing can be sent).
   */
  mailFrom?: string;
  /** The site URL emailed links open, when no custom domain gives it (the CloudFront domain, known after the first deploy). */
  mailSiteUrl?: string;
  /**
   * The built SPA's index.html, which page functions fill in (functions/lib/use-cases/share-page.ts); its
   * asset names change with each build, so the page functions are redeployed with the site.
   * Without it they answer a bare page.
   */
  spaShell?: string;
}

/** A streaming route and the function URL that serves it (CloudFront routes its path there). */
export interface StreamingEndpoint {
  /** The full path, `/api/v1/engine/run`. */
  path: string;
  url: lambda.FunctionUrl;
}

/**
 * The HTTP API: one Lambda per route-table entry, mounted at `${API_BASE}${path}`, so CloudFront
 * can forward `/api/v1/*` unchanged. GET routes read the table (but those that count their use); the others may write.
 *
 * The API, its stage, the secrets, the log groups and the execution roles live here, in the main
 * stack; each area's functions and routes go into a nested stack of their own through `serve`
 * (infra/constructs/route-stacks.ts), since a route costs about four CloudFormation resources.
 *
 * Routes marked `streaming` are the exception: API Gateway buffers whole responses, so their
 * function gets a function URL with response streaming instead of an API route, and CloudFront
 * sends that one path to it (infra/constructs/web.ts).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly jwtSecret: secretsmanager.Secret;
  /** The Stripe settings: the operator's secret, or the placeholder this stack created. */
  readonly stripeSecret: secretsmanager.ISecret;
  /** Whether stripeSecret is this stack's placeholder (to be filled in by the operator). */
  readonly stripeSecretIsPlaceholder: boolean;
  /** One function per route, by route key without the base path (`POST /auth/login`), whichever stack holds it. */
  readonly functions = new Map<string, ApiFunction>();
  /** The streaming routes' function URLs, for CloudFront behaviours ahead of `/api/v1/*`. */
  readonly streamingEndpoints: StreamingEndpoint[] = [];
  /** CloudFront path patterns of the page routes (`/s/*`), sent to this API. */
  readonly pagePatterns: string[] = [];
  /** The host CloudFront sends API requests to: the custom domain, or `<id>.execute-api.<region>.amazonaws.com`. */
  readonly domainName: string;
  /** The API Gateway host the custom domain's DNS record must point at (only with a custom domain). */
  readonly customDomainTarget?: string;
  /**
   * The secret CloudFront sends in every origin request (shared/edge.ts ORIGIN_SECRET_HEADER);
   * the functions that count per client address read it to trust CloudFront's viewer address.
   */
  readonly originSecret: secretsmanager.Secret;

  private readonly props: ApiProps;
  private readonly removalPolicy: RemovalPolicy;
  private readonly authThrottle: Throttle;
  private readonly openAiSecret?: secretsmanager.ISecret;
  private readonly openAiSettings: Record<string, string>;
  private readonly roles: FunctionRoles;
  private readonly mailGrant?: RoleGrant;
  private readonly functionLogs: logs.LogGroup;
  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
  private readonly gatewayKeys = new Set<string>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.props = props;
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.removalPolicy = removalPolicy;
    // Sized for the product's design load; per-client limits on sign-in are the WAF's (infra/edge-stack.ts),
    // so no route is throttled so low that one client could shut it for everyone.
    const throttle = props.throttle ?? THROTTLE_DEFAULTS.throttle;
    this.authThrottle = props.authThrottle ?? THROTTLE_DEFAULTS.authThrottle;

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: 'HS256 signing key for Construct access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });

    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'The value CloudFront sends in x-origin-verify to the API and the run function; they trust its viewer address only beside it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });

    // 'Gateway', not the former 'HttpApi': the routes moved into nested stacks, and API Gateway
    // refuses a second route with the same key on one API, so the split deploys a new API (and
    // stage) beside the old one, which CloudFormation deletes last (README, Deploy).
    this.httpApi = new apigw.HttpApi(this, 'Gateway', {
      description: 'Construct API (served to browsers through CloudFront at /api/v1/*)',
      createDefaultStage: false,
      // Only through its own domain (CloudFront's origin): the execute-api URL would bypass the web ACL.
      disableExecuteApiEndpoint: Boolean(props.customDomain),
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy });
    this.stage = new apigw.HttpStage(this, 'GatewayStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    // Route-level throttles exist only on the L1 stage, filled in as `serve` adds the credential routes.
    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = Lazy.any({ produce: () => this.routeSettings });
    this.node.addValidation({
      validate: () => {
        const missing = CREDENTIAL_ROUTES.filter((k) => !this.functions.has(k));
        return missing.length ? [`Routes to throttle missing from the route table: ${missing.join(', ')}`] : [];
      },
    });

    this.openAiSecret = props.openAiSecretArn ? secretsmanager.Secret.fromSecretCompleteArn(this, 'OpenAiSecret', props.openAiSecretArn) : undefined;

    // Stripe: the operator's own secret when given (e.g. shared by stages, or created before the
    // first deploy); otherwise a placeholder of the right shape that the operator fills in after
    // deploying (README, Deploy). Its webhook_secret starts as a random value nobody knows, so no
    // webhook verifies until Stripe's real signing secret is stored; secret_key and the prices
    // start empty. The value is generated by Secrets Manager and never appears in the template.
    this.stripeSecretIsPlaceholder = !props.stripeSecretArn;
    this.stripeSecret = props.stripeSecretArn
      ? secretsmanager.Secret.fromSecretCompleteArn(this, 'StripeSecret', props.stripeSecretArn)
      : new secretsmanager.Secret(this, 'StripeSecret', {
          description: `Stripe settings for Construct billing, JSON: ${STRIPE_SECRET_FIELDS.join(', ')}. Fill in after deploying (README, Deploy).`,
          generateSecretString: {
            secretStringTemplate: JSON.stringify({ secret_key: '', price_pro: '', price_elite: '' }),
            generateStringKey: 'webhook_secret',
            passwordLength: 32,
            excludePunctuation: true,
          },
          removalPolicy,
        });

    this.openAiSettings = {
      ...(props.openAiModel ? { OPENAI_MODEL: props.openAiModel } : {}),
      ...(props.openAiBaseUrl ? { OPENAI_BASE_URL: props.openAiBaseUrl } : {}),
    };

    // The roles stay in this stack, shared by every function with exactly the same access, in
    // whichever nested stack it runs.
    this.roles = new FunctionRoles(this, props.table);
    // Sending as the one verified identity only: no other sender, no other SES action.
    const mailFrom = props.mailFrom;
    this.mailGrant = mailFrom
      ? {
          name: 'Mail',
          grant: (role) =>
            role.addToPolicy(
              new iam.PolicyStatement({
                actions: ['ses:SendEmail'],
                resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: mailIdentity(mailFrom) })],
              }),
            ),
        }
      : undefined;

    // One log group for every route function (streams are named after their function; Logs
    // Insights queries all routes at once): a group per function would cost a stack resource per route.
    this.functionLogs = new logs.LogGroup(this, 'FunctionLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy });

    if (props.customDomain) {
      const { domainName, certificateArn } = props.customDomain;
      const domain = new apigw.DomainName(this, 'Domain', {
        domainName,
        certificate: acm.Certificate.fromCertificateArn(this, 'DomainCertificate', certificateArn),
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
      new apigw.ApiMapping(this, 'DomainMapping', { api: this.httpApi, domainName: domain, stage: this.stage });
      this.domainName = domainName;
      this.customDomainTarget = domain.regionalDomainName;
    } else {
      this.domainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
    }

    // Reviewed cdk-nag (AwsSolutions) findings; each is a decision, not an oversight.
    const acknowledge = (id: string, reason: string) => Validations.of(this).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs.',
    );
    const tableId = Stack.of(this).getLogicalId(props.table.node.defaultChild as CfnResource);
    acknowledge(
      `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
      'grantReadData/grantReadWriteData add <table>/index/* so queries can use the GSIs of this one table.',
    );
    acknowledge(
      'AwsSolutions-SMG4',
      'Rotating the JWT signing key would sign every user out; rotate by hand (update the secret value) when needed. The Stripe placeholder holds keys issued by Stripe: they are rolled in the Stripe dashboard and then stored here by the operator. The origin secret is read by CloudFormation into the distribution: rotate it by putting a new value and deploying again (README, Deploy).',
    );
  }

  /**
   * The functions and API routes of `routes` and `pages`, made in `scope` (an area's nested stack):
   * each function with the secrets, settings and shared role its route needs.
   */
  serve(scope: Construct, routes: readonly RouteDef[], pages: readonly PageRouteDef[] = []): Map<string, ApiFunction> {
    const props = this.props;
    const served = new Map<string, ApiFunction>();
    for (const route of routes) {
      const id = routeId(route);
      const key = apiGatewayRouteKey(route);
      if (this.gatewayKeys.has(key)) throw new Error(`Two route-table entries map to the API Gateway route ${key}`);
      this.gatewayKeys.add(key);
      const secrets = {
        ...(needsJwtKey(route) ? { JWT_SECRET_ARN: this.jwtSecret } : {}),
        ...(this.openAiSecret && usesOpenAi(route) ? { OPENAI_SECRET_ARN: this.openAiSecret } : {}),
        ...(usesStripe(route) ? { STRIPE_SECRET_ARN: this.stripeSecret } : {}),
        ...(countsPerAddress(route) ? { ORIGIN_VERIFY_SECRET_ARN: this.originSecret } : {}),
      };
      // A GET route that counts its use writes the usage counters.
      const tableAccess = route.method === 'GET' && !route.countsUse ? 'RO' : 'RW';
      const fn = new ApiFunction(scope, id, {
        handler: route.handler,
        description: `${route.method} ${API_BASE}${route.path}`,
        memoryMb: route.memoryMb,
        timeoutSeconds: route.timeoutSeconds,
        secrets,
        environment: {
          ...(usesOpenAi(route) ? this.openAiSettings : {}),
          ...(isBilling(route) && props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
          ...(sendsMail(route) && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
          ...(sendsMail(route) && (props.mailSiteUrl ?? props.siteUrl) ? { MAIL_SITE_URL: (props.mailSiteUrl ?? props.siteUrl)! } : {}),
        },
        logRemovalPolicy: this.removalPolicy,
        logGroup: this.functionLogs,
        role: this.roles.roleFor({
          table: tableAccess,
          secrets,
          grants: [...(props.grantsFor?.(route) ?? []), ...(sendsMail(route) && this.mailGrant ? [this.mailGrant] : [])],
        }),
      }).bindTable(props.table, tableAccess);
      this.functions.set(routeKey(route), fn);
      served.set(routeKey(route), fn);

      if (route.streaming) {
        // AWS_IAM: only CloudFront's origin access control may invoke it (infra/constructs/web.ts),
        // which signs into Authorization, so the bearer token arrives moved to another header and
        // the handler verifies it (shared/edge.ts). The handler also refuses any method or path but
        // its own (functions/lib/http/http.ts), since a function URL passes all of them.
        (fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = props.runConcurrency ?? RUN_CONCURRENCY;
        const url = fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM, invokeMode: lambda.InvokeMode.RESPONSE_STREAM });
        this.streamingEndpoints.push({ path: `${API_BASE}${route.path}`, url });
        continue;
      }

      const httpRoute = new apigw.HttpRoute(scope, `${id}Route`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(apiGatewayPath(route.path), apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
      if (CREDENTIAL_ROUTES.includes(routeKey(route))) {
        this.routeSettings[key] = { ThrottlingRateLimit: this.authThrottle.rateLimit, ThrottlingBurstLimit: this.authThrottle.burstLimit };
        // API Gateway rejects route settings for route keys that do not exist yet, so the stage waits for those routes.
        this.stage.node.addDependency(httpRoute);
      }
    }

    // Page routes (HTML at the site root, shared/routes.ts): public, read-only, no secrets; the
    // HTTP API serves them at their own path, and CloudFront sends their pattern here.
    for (const page of pages) {
      const id = `Page${routeId(page)}`;
      const fn = new ApiFunction(scope, id, {
        handler: page.handler,
        description: `${page.method} ${page.path}`,
        environment: props.spaShell ? { SPA_SHELL: props.spaShell } : {},
        logRemovalPolicy: this.removalPolicy,
        logGroup: this.functionLogs,
        role: this.roles.roleFor({ table: 'RO', secrets: {}, grants: [] }),
      }).bindTable(props.table, 'RO');
      this.functions.set(routeKey(page), fn);
      served.set(routeKey(page), fn);
      // HEAD too (PageRouteDef): an HTTP API would answer a HEAD on a GET-only route with 404.
      const integration = new HttpLambdaIntegration(`${id}Integration`, fn);
      for (const method of [apigw.HttpMethod[page.method], apigw.HttpMethod.HEAD]) {
        new apigw.HttpRoute(scope, `${id}${method}Route`, { httpApi: this.httpApi, routeKey: apigw.HttpRouteKey.with(page.path, method), integration });
      }
      this.pagePatterns.push(page.pattern);
    }

    acknowledgeFunctions(scope);
    Validations.of(scope).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is per route in the handlers (JWT verified by the middy chain from the route table access level); public, Stripe-signed and health routes need none.',
    });
    return served;
  }

  /** `https://<id>.execute-api.<region>.amazonaws.com` ($default stage: no stage path). */
  get url(): string {
    return this.httpApi.apiEndpoint;
  }
}
