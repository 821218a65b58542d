import { App } from 'aws-cdk-lib';
import { settingsFromContext } from './context';
import { addStage } from './deployment';

/**
 * The CDK app: `npx cdk synth|deploy [-c stage=prod] [-c key=value …]`, two stacks per stage
 * (infra/deployment.ts): `Construct-<stage>` and its web ACL's `ConstructEdge-<stage>`. The
 * settings (custom domains, secrets, alarm email) come from context, on the command line or per
 * stage in cdk.json: see infra/context.ts and the README's Deploy section.
 */
const app = new App();
addStage(
  app,
  settingsFromContext((key) => app.node.tryGetContext(key)),
  {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION,
  },
);
