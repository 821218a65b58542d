import { join } from 'node:path';
import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { API_BASE } from '../shared/routes';
import { Api, type Throttle } from './constructs/api';
import { Data } from './constructs/data';
import { REPO_ROOT } from './constructs/paths';
import { Web } from './constructs/web';

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
}

/** Construct in AWS: CloudFront → (S3 SPA | HTTP API → one Lambda per route → DynamoDB). */
export class ConstructStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: ConstructStackProps) {
    super(scope, id, { terminationProtection: props.stage === 'prod', ...props });
    const retain = props.stage === 'prod';
    Tags.of(this).add('project', 'construct');
    Tags.of(this).add('stage', props.stage);

    this.data = new Data(this, 'Data', { retain });
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      retain,
      throttle: props.throttle,
      authThrottle: props.authThrottle,
      openAiSecretArn: props.openAiSecretArn,
    });
    this.web = new Web(this, 'Web', {
      apiDomainName: this.api.domainName,
      retain,
      webDist: props.webDist ?? join(REPO_ROOT, 'web', 'dist'),
      domainName: props.domainName,
      certificateArn: props.certificateArn,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.web.url, description: 'The product (SPA and API on one origin)' });
    new CfnOutput(this, 'ApiUrl', { value: `${this.web.url}${API_BASE}`, description: 'API base URL through CloudFront' });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.web.url}${API_BASE}/billing/webhook`,
      description: 'Register this endpoint in the Stripe dashboard',
    });
    new CfnOutput(this, 'ExecuteApiUrl', { value: this.api.url, description: 'The HTTP API without CloudFront (diagnostics)' });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', { value: this.api.jwtSecret.secretArn });
    if (!this.web.deployed) {
      new CfnOutput(this, 'WebNotDeployed', {
        value: 'web/dist/index.html was missing at synth time: the bucket is empty. Run `npm run deploy` (builds first).',
      });
    }
  }
}
