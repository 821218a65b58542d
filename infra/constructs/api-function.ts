import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TOKEN_RANKS_MODULE } from '../../functions/lib/services/engine/token-estimate';
import { REPO_ROOT } from './paths';

export interface ApiFunctionProps {
  /** A module under functions/ without extension (`auth/login`); its `handler` export serves. */
  handler: string;
  description?: string;
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * Secrets the function reads at run time, by the environment variable that carries the ARN
   * (`{ JWT_SECRET_ARN: secret }`). The function gets read access and the AWS Parameters and
   * Secrets extension (localhost:2773), never the value itself.
   */
  secrets?: Record<string, ISecret>;
  /** Plain (non-secret) settings, e.g. SITE_URL or OPENAI_MODEL. */
  environment?: Record<string, string>;
  /** What happens to the function's log group when the stack is deleted. */
  logRemovalPolicy: RemovalPolicy;
  /**
   * A log group shared with other functions (Lambda names each stream after its function). The
   * API's functions share one: a group per function costs a CloudFormation resource per route,
   * and a stack holds at most 500.
   */
  logGroup?: logs.ILogGroup;
  /**
   * An execution role shared with functions that need exactly the same access (see
   * `FunctionRoles`): it already holds the table and secret grants, so none are added here.
   */
  role?: iam.IRole;
}

/**
 * esbuild settings shared by every handler, so identical entries bundle once per synth.
 * `npm run bundle-sizes` (infra/bundle-sizes.ts) builds with these same settings.
 */
export const BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  // Stack traces map back to file/line without shipping the TypeScript sources.
  sourcesContent: false,
  // Prefer the ESM builds of dependencies (better tree shaking in an ESM bundle).
  mainFields: ['module', 'main'],
  // Some CommonJS dependencies call require() for Node built-ins; ESM has no require.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  // tsconfig paths (@shared/*) are resolved by esbuild from this file.
  tsconfig: join(REPO_ROOT, 'tsconfig.json'),
  // Pin the SDK version we test against instead of the one the runtime happens to carry.
  bundleAwsSDK: true,
  // Local esbuild only: Docker is never needed to synthesise or deploy.
  forceDockerBundling: false,
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    // Files beside index.mjs, never in it: a bundle that names the token ranks gets them.
    afterBundling: (inputDir, outputDir) => [shipTokenRanks(inputDir, outputDir)],
  },
};

/**
 * The token encoding's ranks (2.4 MB of JavaScript) stay out of every bundle: token-estimate.ts
 * requires them from node_modules on the first estimate. These are the files that require reads
 * (the ranks module, and the package.json whose exports map leads to it), relative to the repo;
 * a function's asset gets them at the same paths.
 */
export function tokenRanksFiles(): string[] {
  const { resolve } = createRequire(join(REPO_ROOT, 'package.json'));
  return [resolve('gpt-tokenizer/package.json'), resolve(TOKEN_RANKS_MODULE)].map((file) => relative(REPO_ROOT, file));
}

/**
 * The shell command that copies the ranks into the asset when the bundle names their module: the
 * functions that run models do, and no list of them has to be kept.
 */
function shipTokenRanks(inputDir: string, outputDir: string): string {
  const copies = tokenRanksFiles().map((file) => `mkdir -p "${dirname(join(outputDir, file))}" && cp "${join(inputDir, file)}" "${join(outputDir, file)}"`);
  return `if grep -qF '${TOKEN_RANKS_MODULE}' "${join(outputDir, 'index.mjs')}"; then ${copies.join(' && ')}; fi`;
}

/**
 * A Lambda function serving one API route, with the project's defaults (STYLE.md):
 * Node.js 22 on arm64, minified ESM bundle with source maps, JSON logs (request id on every line)
 * kept one month.
 * Table access is granted explicitly with `bindTable(table, 'RO' | 'RW')`.
 */
export class ApiFunction extends NodejsFunction {
  /** The module under functions/ it bundles (`auth/login`). */
  readonly entryModule: string;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const secrets = Object.entries(props.secrets ?? {});
    const logGroup =
      props.logGroup ??
      new logs.LogGroup(scope, `${id}Logs`, {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: props.logRemovalPolicy,
      });
    super(scope, id, {
      role: props.role,
      description: props.description,
      entry: join(REPO_ROOT, 'functions', `${props.handler}.ts`),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      logGroup,
      // One JSON object per line with timestamp, level and the request id (console.* included).
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: BUNDLING,
      ...(secrets.length
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
              cacheEnabled: true,
              secretsManagerTtl: Duration.minutes(5),
              logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
            }),
          }
        : {}),
    });
    this.entryModule = props.handler;
    this.sharedRole = props.role !== undefined;
    for (const [name, secret] of secrets) {
      if (!this.sharedRole) secret.grantRead(this);
      this.addEnvironment(name, secret.secretArn);
    }
  }

  private readonly sharedRole: boolean;

  /** Least privilege on the table: 'RO' = read (Get/Query/Scan), 'RW' = read and write. */
  bindTable(table: ITable, mode: 'RO' | 'RW'): this {
    if (this.sharedRole) {
      // The shared role was granted its mode when it was made; the table name is all that is left.
    } else if (mode === 'RO') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }
}

export interface RoleAccess {
  table: 'RO' | 'RW';
  /** Secrets by the environment variable that carries their ARN. */
  secrets: Record<string, ISecret>;
  /** Further grants, named so that functions needing the same ones share a role (`Library`, `Mail`). */
  grants?: RoleGrant[];
}

export interface RoleGrant {
  name: string;
  grant: (role: iam.Role) => void;
}

/**
 * Execution roles shared by the functions that need exactly the same access: table read or
 * read-write, the same secrets, the same extra statements. A role per function costs two stack
 * resources per route (role and policy), and CloudFormation allows 500 resources per stack;
 * sharing gives no function more than it needs, since a role only exists per distinct access.
 */
export class FunctionRoles {
  private readonly roles = new Map<string, iam.Role>();

  constructor(
    private readonly scope: Construct,
    private readonly table: ITable,
  ) {}

  roleFor(access: RoleAccess): iam.IRole {
    const secretNames = Object.keys(access.secrets).sort();
    const grants = [...(access.grants ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const secretWords = secretNames.map((n) =>
      n
        .replace(/_SECRET_ARN$/, '')
        .toLowerCase()
        .replace(/(^|_)(.)/g, (_, __, c: string) => c.toUpperCase()),
    );
    const id = ['Role', access.table === 'RO' ? 'Read' : 'ReadWrite', ...secretWords, ...grants.map((g) => g.name)].join('');
    const existing = this.roles.get(id);
    if (existing) return existing;
    const role = new iam.Role(this.scope, id, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    if (access.table === 'RO') this.table.grantReadData(role);
    else this.table.grantReadWriteData(role);
    for (const name of secretNames) access.secrets[name]!.grantRead(role);
    for (const { grant } of grants) grant(role);
    this.roles.set(id, role);
    return role;
  }
}
