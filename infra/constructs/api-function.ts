import { join } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
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
};

/**
 * A Lambda function serving one API route, with the project's defaults (STYLE.md):
 * Node.js 22 on arm64, minified ESM bundle with source maps, JSON logs (request id on every line)
 * kept one month.
 * Table access is granted explicitly with `bindTable(table, 'RO' | 'RW')`.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const secrets = Object.entries(props.secrets ?? {});
    const logGroup =
      props.logGroup ??
      new logs.LogGroup(scope, `${id}Logs`, {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: props.logRemovalPolicy,
      });
    super(scope, id, {
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
    for (const [name, secret] of secrets) {
      secret.grantRead(this);
      this.addEnvironment(name, secret.secretArn);
    }
  }

  /** Least privilege on the table: 'RO' = read (Get/Query/Scan), 'RW' = read and write. */
  bindTable(table: ITable, mode: 'RO' | 'RW'): this {
    if (mode === 'RO') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }
}
