import { type CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * How a policy in `scope`'s stack names an attribute of `resource`, as cdk-nag prints it in a
 * finding: `<LogicalId.Arn>` in the resource's own stack; in a nested stack, the parameter CDK
 * passes the value in by (`reference-to-<unique id of the resource><attribute>`, CDK's rule).
 */
export function nagRef(scope: Construct, resource: CfnElement, attribute: string): string {
  const owner = Stack.of(resource);
  return Stack.of(scope) === owner ? `<${owner.getLogicalId(resource)}.${attribute}>` : `<referenceto${Names.nodeUniqueId(resource.node)}${attribute}>`;
}

/** The runtime decision, acknowledged in each stack that makes functions. */
export function acknowledgeFunctions(scope: Construct): void {
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'Node.js 22 is pinned deliberately: bundles target node22 and the team tests on it; move runtime and esbuild target together.',
  });
}
