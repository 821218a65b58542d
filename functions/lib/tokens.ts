import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { config, getJwtKey } from './config';
import { UnauthorizedError } from './errors';

const ALG = 'HS256';
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
    .sign(await getJwtKey());
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
  try {
    const { payload, protectedHeader } = await jwtVerify(token, await getJwtKey(), {
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
    if (error instanceof errors.JWTExpired) throw new UnauthorizedError('Your session has expired. Please log in again.');
    if (error instanceof errors.JOSEError) throw new UnauthorizedError('Invalid authentication token.');
    throw error;
  }
}
