import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_BASE } from '../shared/routes';

export interface EdgeStackProps extends StackProps {
  stage: string;
  /** Sign-in requests one client address may send per 5 minutes. */
  signInRateLimit?: number;
  /** Registrations one client address may send per 5 minutes. */
  registerRateLimit?: number;
}

/** Per-address windows (5 minutes) of the web ACL's rate-based rules. */
export const EDGE_DEFAULTS = { signInRateLimit: 100, registerRateLimit: 20 } as const;

/**
 * The CloudFront-scope AWS WAF web ACL. CloudFront only takes web ACLs created in us-east-1, so
 * it is its own small stack there (`ConstructEdge-<stage>`), deployed first; its output
 * `WebAclArn` is the main stack's `webAclArn` setting (README, Deploy). Sign-in and registration
 * are limited per client address (WAF sees the real viewer address, not a header a client can
 * set); the per-account sign-in windows in the API stay as they are.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (props.env?.region !== 'us-east-1') throw new Error(`${id}: a CloudFront-scope web ACL must be created in us-east-1`);
    const rule = (name: string, priority: number, path: string, limit: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: name },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement: {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'EXACTLY',
              searchString: `${API_BASE}${path}`,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        },
      },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Construct (${props.stage}): per-address limits on sign-in and registration`,
      visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: `construct-${props.stage}` },
      rules: [
        rule('SignInPerAddress', 0, '/auth/login', props.signInRateLimit ?? EDGE_DEFAULTS.signInRateLimit),
        rule('RegisterPerAddress', 1, '/auth/register', props.registerRateLimit ?? EDGE_DEFAULTS.registerRateLimit),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Pass to the main stack as -c webAclArn=… (CloudFront web ACL)' });
  }
}
