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
 * | `apiDomainName`, `apiCertificateArn` | the HTTP API's own domain (CloudFront's origin) and its ACM certificate in the stack's region: with them the execute-api endpoint is disabled; required for `prod` |
 * | `throttleRate`, `throttleBurst` | HTTP API stage throttle (default 10,000 / 5,000: what the product is sized for) |
 * | `authThrottleRate`, `authThrottleBurst` | login and register route throttle (default 1,000 / 2,000; per-address limits are WAF's) |
 * | `signInRateLimit`, `registerRateLimit`, `computeRateLimit`, `apiRateLimit` | WAF: requests per client address per 5 minutes to sign-in, registration, MCP and compile, and all of `/api/` (edge stack; default 100 / 20 / 600 / 3,000) |
 * | `mailFrom` | sender of the product's emails (`Construct <no-reply@example.com>`), on a verified SES identity |
 * | `mailSiteUrl` | the site emailed links open, when there is no `domainName` (the CloudFront URL) |
 * | `originSecretVersion` | the origin secret's version CloudFront sends (a rotation: README, Deploy); without it the current one at deploy time |
 * | `tierProofKey` | 64 hex digits: the key of the library tier proof (CloudFront Function and origin); without it each synth makes one |
 * | `librarySearch` | `embedded` (default: each container scans its tier's views) or `opensearch` (an OpenSearch Serverless collection; cost in the README) |
 * | `legacyUsersIndex` | `true` keeps the former users index `gsi1` for a deployment whose users are not yet migrated (README, Deploy); off by default |
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
  apiDomainName?: string;
  apiCertificateArn?: string;
  throttle?: { rateLimit: number; burstLimit: number };
  authThrottle?: { rateLimit: number; burstLimit: number };
  signInRateLimit?: number;
  registerRateLimit?: number;
  computeRateLimit?: number;
  apiRateLimit?: number;
  mailFrom?: string;
  mailSiteUrl?: string;
  originSecretVersion?: string;
  tierProofKey?: string;
  librarySearch?: 'embedded' | 'opensearch';
  legacyUsersIndex?: boolean;
}

/** Stage throttles that hold the product's design load (10,000 requests/s), from context when given. */
export const THROTTLE_DEFAULTS = { throttle: { rateLimit: 10_000, burstLimit: 5_000 }, authThrottle: { rateLimit: 1_000, burstLimit: 2_000 } } as const;

const BOOLEAN_KEYS = ['legacyUsersIndex'] as const;

const NUMBER_KEYS = [
  'throttleRate',
  'throttleBurst',
  'authThrottleRate',
  'authThrottleBurst',
  'signInRateLimit',
  'registerRateLimit',
  'computeRateLimit',
  'apiRateLimit',
] as const;

export const SETTING_KEYS = [
  'domainName',
  'certificateArn',
  'stripeSecretArn',
  'openAiSecretArn',
  'openAiModel',
  'openAiBaseUrl',
  'alarmEmail',
  'apiDomainName',
  'apiCertificateArn',
  'mailFrom',
  'mailSiteUrl',
  'originSecretVersion',
  'tierProofKey',
  'librarySearch',
] as const satisfies readonly (keyof DeploySettings)[];

/** Reads and checks the settings; `tryGetContext` is `app.node.tryGetContext`. */
export function settingsFromContext(tryGetContext: (key: string) => unknown): DeploySettings {
  const stage = String(tryGetContext('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes`);
  const stages = tryGetContext('stages');
  const perStage = (stages && typeof stages === 'object' ? (stages as Record<string, unknown>)[stage] : undefined) ?? {};
  if (typeof perStage !== 'object') throw new Error(`cdk.json stages.${stage} must be an object of settings`);
  const known = [...SETTING_KEYS, ...NUMBER_KEYS, ...BOOLEAN_KEYS] as readonly string[];
  const unknown = Object.keys(perStage).filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`Unknown settings in stages.${stage}: ${unknown.join(', ')} (known: ${known.join(', ')})`);

  const settings: DeploySettings = { stage };
  for (const key of SETTING_KEYS) {
    const value = tryGetContext(key) ?? (perStage as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw new Error(`Setting ${key} must be a string`);
    (settings as unknown as Record<string, string>)[key] = value;
  }
  if (settings.librarySearch && !['embedded', 'opensearch'].includes(settings.librarySearch)) {
    throw new Error(`librarySearch must be embedded or opensearch; got "${settings.librarySearch}"`);
  }

  for (const key of BOOLEAN_KEYS) {
    const value = tryGetContext(key) ?? (perStage as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (![true, false, 'true', 'false'].includes(value as string)) throw new Error(`Setting ${key} must be true or false; got "${String(value)}"`);
    if (value === true || value === 'true') settings[key] = true;
  }

  const numbers: Partial<Record<(typeof NUMBER_KEYS)[number], number>> = {};
  for (const key of NUMBER_KEYS) {
    const value = tryGetContext(key) ?? (perStage as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`Setting ${key} must be a positive whole number; got "${String(value)}"`);
    numbers[key] = n;
  }
  // Throttles only when given (the API construct applies THROTTLE_DEFAULTS otherwise).
  if (numbers.throttleRate || numbers.throttleBurst || numbers.authThrottleRate || numbers.authThrottleBurst) {
    const throttle = {
      rateLimit: numbers.throttleRate ?? THROTTLE_DEFAULTS.throttle.rateLimit,
      burstLimit: numbers.throttleBurst ?? THROTTLE_DEFAULTS.throttle.burstLimit,
    };
    const authThrottle = {
      rateLimit: numbers.authThrottleRate ?? Math.min(THROTTLE_DEFAULTS.authThrottle.rateLimit, Math.ceil(throttle.rateLimit / 10)),
      burstLimit: numbers.authThrottleBurst ?? Math.min(THROTTLE_DEFAULTS.authThrottle.burstLimit, Math.ceil(throttle.burstLimit / 2)),
    };
    if (authThrottle.rateLimit >= throttle.rateLimit || authThrottle.burstLimit >= throttle.burstLimit) {
      throw new Error('authThrottleRate/authThrottleBurst must stay below throttleRate/throttleBurst');
    }
    Object.assign(settings, { throttle, authThrottle });
  }
  for (const key of ['signInRateLimit', 'registerRateLimit', 'computeRateLimit', 'apiRateLimit'] as const) {
    if (numbers[key] === undefined) continue;
    // AWS WAF's smallest rate-based limit.
    if (numbers[key] < 10) throw new Error(`Setting ${key} must be at least 10 (AWS WAF's smallest rate limit); got ${numbers[key]}`);
    settings[key] = numbers[key];
  }
  if (Boolean(settings.apiDomainName) !== Boolean(settings.apiCertificateArn)) {
    throw new Error('The API domain needs both apiDomainName and apiCertificateArn (an ACM certificate in the stack region).');
  }
  if (settings.apiCertificateArn && !/^arn:aws[\w-]*:acm:[\w-]+:\d{12}:certificate\/.+$/.test(settings.apiCertificateArn)) {
    throw new Error(`apiCertificateArn must be an ACM certificate ARN; got "${settings.apiCertificateArn}"`);
  }
  // Only with its own domain can CloudFront reach the API once the execute-api endpoint is off.
  if (stage === 'prod' && !settings.apiDomainName) {
    throw new Error(
      'Stage prod needs apiDomainName and apiCertificateArn: CloudFront reaches the HTTP API through that domain, so its execute-api endpoint can be disabled (README, Deploy).',
    );
  }
  // A Secrets Manager version id (a UUID as put-secret-value prints it).
  if (settings.originSecretVersion && !/^[A-Za-z0-9-]{32,64}$/.test(settings.originSecretVersion)) {
    throw new Error(`originSecretVersion must be a Secrets Manager VersionId; got "${settings.originSecretVersion}"`);
  }
  if (settings.alarmEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(settings.alarmEmail)) throw new Error(`Invalid alarmEmail "${settings.alarmEmail}"`);
  for (const key of ['stripeSecretArn', 'openAiSecretArn'] as const) {
    const arn = settings[key];
    // The complete ARN ends in -XXXXXX (6 random characters): with the name alone, IAM grants miss.
    if (arn && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/.test(arn)) {
      throw new Error(`${key} must be the complete secret ARN (ending in the 6-character suffix); got "${arn}"`);
    }
  }
  if (settings.mailSiteUrl && !/^https:\/\/[^\s/]+$/.test(settings.mailSiteUrl))
    throw new Error(`Invalid mailSiteUrl "${settings.mailSiteUrl}": use https://host without a path`);
  if (settings.openAiBaseUrl && !/^https?:\/\/\S+$/.test(settings.openAiBaseUrl)) throw new Error(`Invalid openAiBaseUrl "${settings.openAiBaseUrl}"`);
  return settings;
}
