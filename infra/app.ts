import { App } from 'aws-cdk-lib';
import { ConstructStack } from './stack';

/**
 * The CDK app: `npx cdk synth|deploy [-c stage=prod] [-c domainName=app.example.com
 * -c certificateArn=arn:aws:acm:us-east-1:…] [-c openAiSecretArn=arn:aws:secretsmanager:…]`.
 * One stack per stage: `Construct-<stage>`. The OpenAI secret is optional and created by the
 * operator (its full ARN, with the random suffix); without it the built-in engine runs.
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes`);

const context = (key: string) => {
  const value = app.node.tryGetContext(key);
  return typeof value === 'string' && value ? value : undefined;
};

new ConstructStack(app, `Construct-${stage}`, {
  stage,
  description: `Construct prompt studio (${stage})`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  domainName: context('domainName'),
  certificateArn: context('certificateArn'),
  openAiSecretArn: context('openAiSecretArn'),
});
