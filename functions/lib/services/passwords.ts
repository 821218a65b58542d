import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's recommended minimum (N=2^17, r=8, p=1). The parameters are stored with
 * each hash so they can be raised later without breaking existing accounts.
 */
const PARAMS = { logN: 17, r: 8, p: 1, keyLength: 32 };

/**
 * The test stack alone may hash at a lower N (TEST_SCRYPT_LOG_N, set by
 * tests/support/stack-global-setup.ts): its thousand sign-ups would otherwise spend minutes of CPU
 * at 0.4 s each. Ignored in Lambda; tests/infra checks no deployed function is given it.
 */
export function scryptLogN(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = env.TEST_SCRYPT_LOG_N;
  if (!lowered || env.AWS_LAMBDA_FUNCTION_NAME) return PARAMS.logN;
  const logN = Number(lowered);
  if (!Number.isInteger(logN) || logN < 10 || logN > PARAMS.logN) throw new Error(`TEST_SCRYPT_LOG_N must be an integer from 10 to ${PARAMS.logN}`);
  return logN;
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number) {
  const N = 2 ** logN;
  return new Promise<Buffer>((resolve, reject) =>
    // maxmem must exceed 128 * N * r bytes (128 MiB at these parameters).
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { r, p, keyLength } = PARAMS;
  const logN = scryptLogN();
  const key = await derive(password, salt, logN, r, p, keyLength);
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing in particular: checked against when the email is unknown, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
