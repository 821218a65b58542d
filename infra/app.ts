import { App } from 'aws-cdk-lib';
import { settingsFromContext } from './context';
import { EdgeStack } from './edge-stack';
import { ConstructStack } from './stack';

/**
 * The CDK app: `npx cdk synth|deploy [-c stage=prod] [-c key=value …]`, one stack per stage,
 * `Construct-<stage>`. The settings (custom domain, secrets, alarm email) come from context, on
 * the command line or per stage in cdk.json: see infra/context.ts and the README's Deploy section.
 */
const app = new App();
const { stage, signInRateLimit, registerRateLimit, ...settings } = settingsFromContext((key) => app.node.tryGetContext(key));

// CloudFront takes only us-east-1 web ACLs: deploy this first, then pass its WebAclArn output as
// the main stack's webAclArn setting (README, Deploy).
new EdgeStack(app, `ConstructEdge-${stage}`, {
  stage,
  description: `Construct edge protection (${stage}): CloudFront-scope AWS WAF web ACL`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: 'us-east-1' },
  signInRateLimit,
  registerRateLimit,
});

new ConstructStack(app, `Construct-${stage}`, {
  stage,
  description: `Construct prompt studio (${stage})`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  ...settings,
});
