import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { config, getJwtKey } from './config';
import { UnauthorizedError } from './errors';

const ALG = 'HS256';

let signingKey: Promise<CryptoKey> | undefined;
/**
 * The HS256 key as a CryptoKey, imported once per container: given the raw bytes, jose would
 * import them again on every sign and verify (a WebCrypto round of its own), and every signed-in
 * request verifies a token.
 */
function jwtCryptoKey(): Promise<CryptoKey> {
  signingKey ??= getJwtKey().then((secret) => crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  signingKey.catch(() => (signingKey = undefined));
  return signingKey;
}
/** Header parameters that name or carry a key (RFC 7515 4.1). There is one key and it is never named. */
const KEY_HEADERS = ['kid', 'jku', 'jwk', 'x5u', 'x5c', 'x5t', 'x5t#S256'];

/**
 * Each token has its own id (`jti`), so logging out can revoke exactly that token, and carries the
 * user's session version (`sv`): raising the version on the user item ends every older token at
 * once (sign out everywhere, password change or reset), checked in the read that loads the user.
 */
export async function issueAccessToken(userId: string, sessionVersion: number): Promise<{ token: string; expiresIn: number }> {
  const token = await new SignJWT({ sv: sessionVersion })
    .setJti(randomUUID())
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(`${config.jwtTtlSeconds}s`)
    .sign(await jwtCryptoKey());
  return { token, expiresIn: config.jwtTtlSeconds };
}

export interface TokenClaims {
  userId: string;
  tokenId: string;
  /** The user's session version when the token was issued (0 for tokens from before versions). */
  sessionVersion: number;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * Verifies a bearer token and returns the user and session it names. The algorithm, issuer, audience and
 * type are pinned (RFC 8725), so `alg: none` or a swapped algorithm never verifies.
 */
export async function verifyAccessToken(token: string): Promise<TokenClaims> {
  const known = verified.get(token);
  if (known) {
    // jose's rule: a token is expired once `exp` is not after the current second.
    if (known.expiresAt > Math.floor(Date.now() / 1000)) return { ...known };
    verified.delete(token);
    throw new UnauthorizedError(EXPIRED);
  }
  const claims = await verifySignedToken(token);
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return { ...claims };
}

const EXPIRED = 'Your session has expired. Please log in again.';

/**
 * Tokens this container has verified, by their exact text, with their claims. A token's signature
 * and claims never change, so checking them again on its next request is work done twice (the HMAC
 * goes through WebCrypto, about 0.1 ms a time); only its expiry depends on the clock and is checked
 * on every use. Revocation (logout, sign out everywhere, a deleted account) is not a property of
 * the token: the authenticating read decides it on every request (authenticate.ts). Bounded, oldest first
 * out, like API Gateway's authoriser cache keyed by the token (docs/architecture.md, the middy chain).
 */
const verified = new Map<string, TokenClaims>();
const VERIFIED_MAX = 1000;

async function verifySignedToken(token: string): Promise<TokenClaims> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, await jwtCryptoKey(), {
      algorithms: [ALG],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      typ: 'JWT',
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    // Issued tokens carry a bare {alg, typ} header: a key id or key reference is not ours (RFC 8725 3.10).
    if (KEY_HEADERS.some((name) => name in protectedHeader)) throw new UnauthorizedError('Invalid authentication token.');
    const sessionVersion = payload.sv ?? 0;
    if (!Number.isSafeInteger(sessionVersion)) throw new UnauthorizedError('Invalid authentication token.');
    return { userId: payload.sub!, tokenId: payload.jti!, sessionVersion: sessionVersion as number, expiresAt: payload.exp! };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new UnauthorizedError(EXPIRED);
    if (error instanceof errors.JOSEError) throw new UnauthorizedError('Invalid authentication token.');
    throw error;
  }
}
