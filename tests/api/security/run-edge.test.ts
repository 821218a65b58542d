import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiUrl, signUp } from '../../support/api';

/**
 * The run route as AWS serves it (infra/constructs/web.ts), played by the local gateway: its
 * function URL is behind CloudFront's origin access control, so Lambda takes only a body whose
 * SHA-256 the viewer sent, and the bearer token reaches the handler moved out of Authorization
 * (which holds CloudFront's signature there), never from a header the client set itself.
 */
const url = () => `${apiUrl().replace('//localhost:', '//127.0.0.1:')}/engine/run`;
const BODY = JSON.stringify({ text: 'Say hello.' });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const post = (headers: Record<string, string>, body = BODY) =>
  fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /engine/run behind origin access control', () => {
  it('refuses a body without its SHA-256, or with another one', async () => {
    const { token } = await signUp();
    for (const hash of [undefined, sha256('another body'), 'not-a-hash']) {
      const reply = await post({ authorization: `Bearer ${token}`, ...(hash ? { 'x-amz-content-sha256': hash } : {}) });
      expect(reply.status, String(hash)).toBe(403);
      expect(((await reply.json()) as { detail: string }).detail).toMatch(/x-amz-content-sha256/);
    }
  });

  it('runs with the hash, the token moved out of Authorization on the way', async () => {
    const { token } = await signUp();
    const reply = await post({ authorization: `Bearer ${token}`, 'x-amz-content-sha256': sha256(BODY) });
    expect(reply.status).toBe(200);
    expect(await reply.text()).not.toBe('');
  });

  it('never takes a token from the forwarded-token header a client sets', async () => {
    const { token } = await signUp();
    const reply = await post({ 'x-construct-authorization': `Bearer ${token}`, 'x-amz-content-sha256': sha256(BODY) });
    expect(reply.status).toBe(401);
  });
});
