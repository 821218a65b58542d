import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddress } from '../../functions/lib/http/client-address';

/**
 * Which address the per-address limits count: the viewer's, as CloudFront writes it, only beside
 * the origin secret CloudFront adds; otherwise the source API Gateway saw. A client that reaches
 * the API without CloudFront can set CloudFront-Viewer-Address itself.
 */
const event = (headers: Record<string, string>) => ({ headers, requestContext: { http: { sourceIp: '198.51.100.9' } } });
const SECRET = 'origin-secret-only-cloudfront-sends-0123';

afterEach(() => {
  for (const name of ['ORIGIN_VERIFY', 'ORIGIN_VERIFY_SECRET_ARN', 'AWS_LAMBDA_FUNCTION_NAME', 'PARAMETERS_SECRETS_EXTENSION_HTTP_PORT'])
    delete process.env[name];
});

describe('clientAddress', () => {
  it('does not trust the viewer header in Lambda when no origin secret is configured', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'construct-login';
    expect(await clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:443' }))).toBe('198.51.100.9');
    expect(await clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:443', 'x-origin-verify': 'anything' }))).toBe('198.51.100.9');
  });

  it('trusts it only beside the exact origin secret', async () => {
    process.env.ORIGIN_VERIFY = SECRET;
    expect(await clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:443', 'x-origin-verify': SECRET }))).toBe('203.0.113.7');
    expect(await clientAddress(event({ 'cloudfront-viewer-address': '[2001:db8::1]:443', 'x-origin-verify': SECRET }))).toBe('[2001:db8::1]');
    for (const proof of [undefined, '', 'guessed', `${SECRET}x`, SECRET.slice(1)]) {
      const headers: Record<string, string> = { 'cloudfront-viewer-address': '203.0.113.7:443' };
      if (proof !== undefined) headers['x-origin-verify'] = proof;
      expect(await clientAddress(event(headers)), String(proof)).toBe('198.51.100.9');
    }
    expect(await clientAddress(event({ 'x-origin-verify': SECRET }))).toBe('198.51.100.9');
  });

  it('reads the secret named by ORIGIN_VERIFY_SECRET_ARN through the secrets extension, once, taking its current and previous value', async () => {
    const { clientAddress: fresh } = await freshModule();
    const extension = await secretsExtension({ current: SECRET, previous: 'the-value-before-the-last-rotation-000000' });
    try {
      process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:origin';
      expect(await fresh(event({ 'cloudfront-viewer-address': '203.0.113.8:1', 'x-origin-verify': SECRET }))).toBe('203.0.113.8');
      expect(await fresh(event({ 'cloudfront-viewer-address': '203.0.113.8:1', 'x-origin-verify': 'the-value-before-the-last-rotation-000000' }))).toBe(
        '203.0.113.8',
      );
      expect(await fresh(event({ 'cloudfront-viewer-address': '203.0.113.8:1', 'x-origin-verify': 'guessed-guessed-guessed-guessed-guess' }))).toBe(
        '198.51.100.9',
      );
      // Both stages are read at once: the extension may see them in either order.
      expect([...extension.reads].sort()).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
      // A request without the proof reads nothing.
      expect(await fresh(event({ 'cloudfront-viewer-address': '203.0.113.8:1' }))).toBe('198.51.100.9');
      expect(extension.reads).toHaveLength(2);
    } finally {
      extension.close();
    }
  });

  it('after a rotation, takes the new value CloudFront sends once a minute has passed since the last read', async () => {
    const { clientAddress: fresh, ORIGIN_SECRET_REFRESH_MS } = await freshModule();
    const extension = await secretsExtension({ current: 'the-old-value-0000000000000000000000000' }); // never rotated: no previous value
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:origin';
      const withProof = (proof: string) => fresh(event({ 'cloudfront-viewer-address': '203.0.113.9:1', 'x-origin-verify': proof }));
      expect(await withProof('the-old-value-0000000000000000000000000')).toBe('203.0.113.9');
      extension.values = { current: SECRET, previous: 'the-old-value-0000000000000000000000000' };
      // Within the minute a wrong proof reads nothing again (a client cannot make it read per request).
      vi.setSystemTime(Date.now() + ORIGIN_SECRET_REFRESH_MS - 1_000);
      expect(await withProof(SECRET)).toBe('198.51.100.9');
      expect(extension.reads).toHaveLength(2);
      vi.setSystemTime(Date.now() + 1_000);
      expect(await withProof(SECRET)).toBe('203.0.113.9');
      expect(await withProof('the-old-value-0000000000000000000000000')).toBe('203.0.113.9');
      expect(extension.reads).toHaveLength(4);
    } finally {
      vi.useRealTimers();
      extension.close();
    }
  });
});

/** The module anew, without a value read by an earlier test. */
async function freshModule() {
  vi.resetModules();
  return import('../../functions/lib/http/client-address');
}

/** The Parameters and Secrets extension's HTTP API, serving `values` for the ARN `arn:origin`. */
async function secretsExtension(values: { current: string; previous?: string }) {
  const state = { values, reads: [] as string[], close: () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    expect(url.pathname).toBe('/secretsmanager/get');
    expect(url.searchParams.get('secretId')).toBe('arn:origin');
    const stage = url.searchParams.get('versionStage') ?? 'AWSCURRENT';
    state.reads.push(stage);
    const value = stage === 'AWSPREVIOUS' ? state.values.previous : state.values.current;
    if (value === undefined) {
      res.statusCode = 400;
      return res.end('{"__type":"ResourceNotFoundException"}');
    }
    res.end(JSON.stringify({ SecretString: value }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
  state.close = () => server.close();
  return state;
}
