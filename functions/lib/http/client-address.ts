import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/edge';
import { readSecret } from './config';

export type AddressedEvent = { headers: Record<string, string | undefined>; requestContext: { http: { sourceIp: string } } };

/** How soon a proof that matches no known value may make the function read the secret again (a rotation). */
export const ORIGIN_SECRET_REFRESH_MS = 60_000;

let read: { at: number; values: Promise<string[]> } | undefined;

/**
 * The values CloudFront may send: ORIGIN_VERIFY, or the secret named by ORIGIN_VERIFY_SECRET_ARN
 * in AWS, its current value and the one before (a rotation changes the secret before CloudFront's
 * configuration: README, Deploy); none locally. Read again only on a mismatch, once a minute at most.
 */
function originSecrets(mismatch: boolean): Promise<string[]> {
  if (process.env.ORIGIN_VERIFY) return Promise.resolve([process.env.ORIGIN_VERIFY]);
  const arn = process.env.ORIGIN_VERIFY_SECRET_ARN;
  if (!arn) return Promise.resolve([]);
  if (!read || (mismatch && Date.now() - read.at >= ORIGIN_SECRET_REFRESH_MS)) {
    const values = Promise.all([readSecret(arn), readSecret(arn, 'AWSPREVIOUS').catch(() => undefined)]).then((v) => v.filter((x) => x !== undefined));
    const entry = { at: Date.now(), values };
    read = entry;
    values.catch(() => {
      if (read === entry) read = undefined;
    });
  }
  return read.values;
}

const same = (proof: string, secret: string) => proof.length === secret.length && timingSafeEqual(Buffer.from(proof), Buffer.from(secret));

/**
 * The caller's address, for per-address limits. Behind CloudFront, API Gateway sees an edge
 * server, so CloudFront writes the viewer's (`CloudFront-Viewer-Address`, "ip:port") and adds the
 * origin secret (infra/constructs/web.ts). The viewer's address is trusted only beside that
 * secret: a request that reached the API another way (its custom domain, the execute-api URL of a
 * stage without one) and set the header itself counts by the source address API Gateway saw, as
 * does every request where no secret is configured (locally, where the gateway drops both
 * headers). Never X-Forwarded-For, which anyone writes.
 */
export async function clientAddress(event: AddressedEvent): Promise<string> {
  const viewer = event.headers[VIEWER_ADDRESS_HEADER];
  const proof = event.headers[ORIGIN_SECRET_HEADER];
  if (!viewer || !proof) return event.requestContext.http.sourceIp;
  const known = (secrets: string[]) => secrets.some((secret) => same(proof, secret));
  const trusted = known(await originSecrets(false)) || known(await originSecrets(true));
  return trusted ? viewer.replace(/:\d+$/, '') : event.requestContext.http.sourceIp;
}
