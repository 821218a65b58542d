import type { App } from 'aws-cdk-lib';
import type { DeploySettings } from './context';
import { EdgeStack } from './edge-stack';
import { ConstructStack, type ConstructStackProps } from './stack';

/**
 * One stage: `ConstructEdge-<stage>` (the web ACL, in us-east-1, where CloudFront takes them) and
 * `Construct-<stage>` in the stage's region, its distribution using that web ACL. The ARN crosses
 * regions through CDK's `crossRegionReferences` (an SSM parameter the edge stack writes in the
 * stage's region and a reader in the main stack), so no deployment can leave the web ACL out and
 * no ARN is copied by hand; `cdk deploy Construct-<stage>` deploys the edge stack first. Chosen over
 * a hand-made SSM parameter because CDK writes, reads, locks and cleans up the parameter itself.
 */
export function addStage(
  app: App,
  settings: DeploySettings,
  env: { account?: string; region?: string },
  extra: Partial<ConstructStackProps> = {},
): { edge: EdgeStack; main: ConstructStack } {
  const { stage, signInRateLimit, registerRateLimit, computeRateLimit, apiRateLimit, ...rest } = settings;
  if (!env.region) {
    throw new Error(
      'The stage region is unknown: set AWS_REGION (or a default region in your AWS profile). The edge stack in us-east-1 is wired to it by a cross-region reference, which needs it.',
    );
  }
  const edge = new EdgeStack(app, `ConstructEdge-${stage}`, {
    stage,
    description: `Construct edge protection for stage ${stage}: CloudFront-scope AWS WAF web ACL`,
    env: { account: env.account, region: 'us-east-1' },
    crossRegionReferences: env.region !== 'us-east-1',
    signInRateLimit,
    registerRateLimit,
    computeRateLimit,
    apiRateLimit,
  });
  const main = new ConstructStack(app, `Construct-${stage}`, {
    stage,
    description: `Construct prompt studio (${stage})`,
    env,
    crossRegionReferences: env.region !== 'us-east-1',
    ...rest,
    ...extra,
    webAclArn: edge.webAcl.attrArn,
  });
  return { edge, main };
}
