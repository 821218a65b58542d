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
  /** Requests to the MCP server and the registry's compile route one client address may send per 5 minutes. */
  computeRateLimit?: number;
  /** Requests to `/api/*` one client address may send per 5 minutes. */
  apiRateLimit?: number;
}

/** Per-address windows (5 minutes) of the web ACL's rate-based rules. */
export const EDGE_DEFAULTS = { signInRateLimit: 100, registerRateLimit: 20, computeRateLimit: 600, apiRateLimit: 3_000 } as const;

type Statement = wafv2.CfnWebACL.StatementProperty;
const path = (positionalConstraint: 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH', searchString: string): Statement => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint, searchString, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

/**
 * The CloudFront-scope AWS WAF web ACL. CloudFront only takes web ACLs created in us-east-1, so
 * it is its own small stack there (`ConstructEdge-<stage>`), wired to the stage's distribution by
 * a CDK cross-region reference (infra/deployment.ts). Its rate rules count per client address
 * (WAF sees the real viewer address, not a header a client can set): sign-in and registration
 * tightly, the MCP server and prompt compilation (the work a key can ask for most) less so, and
 * everything under `/api/` generously; the per-account sign-in windows in the API stay as they are.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (props.env?.region !== 'us-east-1') throw new Error(`${id}: a CloudFront-scope web ACL must be created in us-east-1`);
    const rule = (name: string, priority: number, limit: number, scopeDownStatement: Statement): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: name },
      statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement } },
    });
    const limit = (key: keyof typeof EDGE_DEFAULTS) => props[key] ?? EDGE_DEFAULTS[key];
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Construct ${props.stage}: per-address limits on the API, tighter on sign-in, registration, MCP and compile`,
      visibilityConfig: { sampledRequestsEnabled: true, cloudWatchMetricsEnabled: true, metricName: `construct-${props.stage}` },
      rules: [
        rule('SignInPerAddress', 0, limit('signInRateLimit'), path('EXACTLY', `${API_BASE}/auth/login`)),
        rule('RegisterPerAddress', 1, limit('registerRateLimit'), path('EXACTLY', `${API_BASE}/auth/register`)),
        rule(
          'ComputePerAddress',
          2,
          limit('computeRateLimit'),
          // POST /api/v1/mcp and POST /api/v1/registry/prompts/{slug}/compile (shared/routes.ts).
          {
            orStatement: {
              statements: [
                path('EXACTLY', `${API_BASE}/mcp`),
                { andStatement: { statements: [path('STARTS_WITH', `${API_BASE}/registry/prompts/`), path('ENDS_WITH', '/compile')] } },
              ],
            },
          },
        ),
        rule('ApiPerAddress', 3, limit('apiRateLimit'), path('STARTS_WITH', '/api/')),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'The web ACL the stage distribution uses (wired by CDK)' });
  }
}
