/**
 * What an operator varies between deployments, read from CDK context, never from code edits:
 *
 * | context | what |
 * |---|---|
 * | `stage` | `dev` (default, disposable), `prod` (retains data, deletion protection) or another name |
 * | `domainName`, `certificateArn` | custom domain for CloudFront and its ACM certificate (us-east-1) |
 * | `stripeSecretArn` | an existing Stripe secret (JSON); without it the stack creates a placeholder |
 * | `openAiSecretArn` | an existing secret with the OpenAI API key; without it the built-in engine runs |
 * | `openAiModel`, `openAiBaseUrl` | optional model and OpenAI-compatible server for enhancement |
 * | `alarmEmail` | subscribes this address to the alarm topic |
 * | `mailFrom` | sender of the product's emails (`Construct <no-reply@example.com>`), on a verified SES identity |
 * | `mailSiteUrl` | the site emailed links open, when there is no `domainName` (the CloudFront URL) |
 *
 * Each may be given on the command line (`-c domainName=app.example.com`) or kept per stage in
 * cdk.json under `stages.<stage>` (`"stages": {"prod": {"domainName": "app.example.com"}}`), so a
 * later `npm run deploy -- -c stage=prod` cannot silently drop a setting. The command line wins.
 * Secret ARNs are full ARNs (with the random suffix Secrets Manager adds to the name).
 */
export interface DeploySettings {
  stage: string;
  domainName?: string;
  certificateArn?: string;
  stripeSecretArn?: string;
  openAiSecretArn?: string;
  openAiModel?: string;
  openAiBaseUrl?: string;
  alarmEmail?: string;
  mailFrom?: string;
  mailSiteUrl?: string;
}

export const SETTING_KEYS = [
  'domainName',
  'certificateArn',
  'stripeSecretArn',
  'openAiSecretArn',
  'openAiModel',
  'openAiBaseUrl',
  'alarmEmail',
  'mailFrom',
  'mailSiteUrl',
] as const satisfies readonly (keyof DeploySettings)[];

/** Reads and checks the settings; `tryGetContext` is `app.node.tryGetContext`. */
export function settingsFromContext(tryGetContext: (key: string) => unknown): DeploySettings {
  const stage = String(tryGetContext('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes`);
  const stages = tryGetContext('stages');
  const perStage = (stages && typeof stages === 'object' ? (stages as Record<string, unknown>)[stage] : undefined) ?? {};
  if (typeof perStage !== 'object') throw new Error(`cdk.json stages.${stage} must be an object of settings`);
  const unknown = Object.keys(perStage).filter((k) => !(SETTING_KEYS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`Unknown settings in stages.${stage}: ${unknown.join(', ')} (known: ${SETTING_KEYS.join(', ')})`);

  const settings: DeploySettings = { stage };
  for (const key of SETTING_KEYS) {
    const value = tryGetContext(key) ?? (perStage as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw new Error(`Setting ${key} must be a string`);
    settings[key] = value;
  }

  if (settings.alarmEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(settings.alarmEmail)) throw new Error(`Invalid alarmEmail "${settings.alarmEmail}"`);
  for (const key of ['stripeSecretArn', 'openAiSecretArn'] as const) {
    const arn = settings[key];
    // The complete ARN ends in -XXXXXX (6 random characters): with the name alone, IAM grants miss.
    if (arn && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/.test(arn)) {
      throw new Error(`${key} must be the complete secret ARN (ending in the 6-character suffix); got "${arn}"`);
    }
  }
  if (settings.mailSiteUrl && !/^https:\/\/[^\s/]+$/.test(settings.mailSiteUrl)) throw new Error(`Invalid mailSiteUrl "${settings.mailSiteUrl}": use https://host without a path`);
  if (settings.openAiBaseUrl && !/^https?:\/\/\S+$/.test(settings.openAiBaseUrl)) throw new Error(`Invalid openAiBaseUrl "${settings.openAiBaseUrl}"`);
  return settings;
}
