/**
 * Configuration, read once per cold start. Locally `npm start` sets these; in AWS the stack does,
 * and secrets come from Secrets Manager through the Lambda Parameters and Secrets extension.
 */
export const config = {
  tableName: process.env.TABLE_NAME ?? 'construct',
  region: process.env.AWS_REGION ?? 'us-east-1',
  /** Set locally to reach DynamoDB Local; unset in AWS. */
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
  /**
   * Longer DynamoDB attempts and more of them (data/db.ts): set by the local tools and `npm start`
   * (infra/local/tool-env.ts), which move whole libraries on a machine that may be busy; unset in AWS.
   */
  dynamoRequestTimeoutMs: Number(process.env.DYNAMODB_REQUEST_TIMEOUT_MS) || undefined,
  dynamoMaxAttempts: Number(process.env.DYNAMODB_MAX_ATTEMPTS) || undefined,
  jwtIssuer: 'construct',
  jwtAudience: 'construct-web',
  jwtTtlSeconds: Number(process.env.JWT_TTL_SECONDS ?? 60 * 60 * 8),
  /** Largest request body a JSON route accepts. */
  maxBodyBytes: 64 * 1024,
};

let jwtKey: Promise<Uint8Array<ArrayBuffer>> | undefined;

/** The HS256 signing key: JWT_SECRET locally, or the secret named by JWT_SECRET_ARN in AWS. */
export function getJwtKey(): Promise<Uint8Array<ArrayBuffer>> {
  jwtKey ??= loadJwtSecret().then((secret) => {
    if (secret.length < 32) throw new Error('The JWT signing secret must be at least 32 characters');
    return new TextEncoder().encode(secret);
  });
  jwtKey.catch(() => (jwtKey = undefined));
  return jwtKey;
}

async function loadJwtSecret(): Promise<string> {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('JWT_SECRET or JWT_SECRET_ARN must be set');
  return readSecret(arn);
}

/**
 * Reads a Secrets Manager secret (its current value, or the one before) through the AWS Parameters
 * and Secrets Lambda extension, which caches it next to the function: no SDK client in the bundle,
 * no secret in the environment.
 */
export async function readSecret(secretId: string, versionStage?: 'AWSPREVIOUS'): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const stage = versionStage ? `&versionStage=${versionStage}` : '';
  const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}${stage}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!res.ok) throw new Error(`Secret ${secretId} could not be read (${res.status})`);
  const { SecretString } = (await res.json()) as { SecretString?: string };
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return SecretString;
}
