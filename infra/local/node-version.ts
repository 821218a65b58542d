/**
 * The AWS SDK prints a warning on Node.js below 22 (its releases from 2027 will need 22). The local
 * tools run on Node 20 on purpose (README, Run it) and Lambda runs nodejs22.x, so the local tools
 * turn it off with the SDK's own switch before they make a client. The functions never do.
 */
export function quietSdkNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
}
