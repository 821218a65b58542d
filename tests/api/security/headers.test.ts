import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { call, signUp } from '../../support/api';

/**
 * Security headers as the local gateway sends them (the CloudFront policy is built from the same
 * definitions): a CSP on pages that forbids plugins, <base> hijacking and framing; HSTS for at
 * least a year; nosniff; a Referrer-Policy; no-store on every API answer, errors included; and
 * no CORS at all, so a foreign Origin is never echoed.
 */
const page = (path: string, headers: Record<string, string> = {}) => fetch(`${inject('baseUrl')}${path}`, { headers, redirect: 'manual' });
const ONE_YEAR = 365 * 24 * 60 * 60;

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectPageHeaders(headers: Headers, label: string) {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(expect.arrayContaining([expect.stringMatching(/^'(self|none)'$/)]));
  expect(csp.get('base-uri')!.length, label).toBe(1);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  // Scripts only from the site itself: no inline script, no eval, no wildcard.
  expect(csp.get('script-src') ?? csp.get('default-src'), label).toEqual(["'self'"]);
  const hsts = headers.get('strict-transport-security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), label).toBeGreaterThanOrEqual(ONE_YEAR);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], label).toContain(headers.get('referrer-policy'));
}

describe('security headers on pages', () => {
  it.each(['/', '/login', '/register', '/pricing', '/terms', '/privacy', '/prompts', '/library', '/context-library', '/admin', '/no-such-page'])(
    '%s carries CSP, HSTS, nosniff and Referrer-Policy',
    async (path) => {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectPageHeaders(res.headers, path);
    },
  );

  it('sends them on static errors too', async () => {
    const res = await page('/assets/not-there.js');
    expect(res.status).toBe(404);
    expectPageHeaders(res.headers, '404');
  });
});

describe('API answers', () => {
  it('carry no-store and nosniff on every route, for success, errors and empty answers alike', async () => {
    const user = await signUp();
    const replies = [
      await call('GET', '/health'),
      await call('GET', '/auth/me', { token: user.token }),
      await call('GET', '/auth/me'),
      await call('POST', '/prompts/', { token: user.token, json: { nope: 1 } }),
      await call('DELETE', '/prompts/none', { token: user.token }),
      await call('PUT', '/context/profile/k', { token: user.token, json: { value: 'v' } }),
      await call('DELETE', '/context/profile/k', { token: user.token }),
      await call('GET', '/nowhere'),
      await call('PATCH', '/health'),
      ...ROUTES.filter((r) => r.method === 'GET' && r.access !== 'admin').map((r) => call('GET', r.path, { token: user.token })),
    ];
    for (const reply of await Promise.all(replies)) {
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(replies.length).toBeGreaterThan(10);
  });

  it('never echo a foreign Origin and send no CORS headers at all, preflight included', async () => {
    const user = await signUp();
    const origin = { origin: 'https://evil.example' };

    const replies = await Promise.all([
      call('GET', '/auth/me', { token: user.token, headers: origin }),
      call('POST', '/auth/login', { form: { username: user.email, password: user.password }, headers: origin }),
      call('GET', '/health', { headers: { origin: 'null' } }),
      call('OPTIONS', '/prompts/', {
        headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      }),
      call('OPTIONS', '/auth/login', { headers: { ...origin, 'access-control-request-method': 'POST' } }),
    ]);

    for (const reply of replies) {
      const cors = [...reply.headers.keys()].filter((h) => h.startsWith('access-control-'));
      expect(cors).toEqual([]);
      expect([...reply.headers.values()].join(' ')).not.toContain('evil.example');
    }
    // A preflight is not granted: the browser will refuse the cross-site call.
    expect(replies[3]!.status).toBeGreaterThanOrEqual(400);
  });

  it('sets no cookie but the library tier proof: no session cookie, and the proof is HttpOnly, Secure, SameSite=Strict and scoped to the library routes', async () => {
    const user = await signUp();
    const login = await call('POST', '/auth/login', { form: { username: user.email, password: user.password } });
    // The session is the bearer token; the proof only picks the edge cache of a tier's library pages (docs/decisions.md).
    expect(login.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^construct_tier=free\.\d+\.[0-9a-f]{64}; Path=\/api\/v1\/library; Max-Age=900; HttpOnly; Secure; SameSite=Strict$/),
    ]);
    expect((await call('GET', '/auth/me', { token: user.token })).headers.get('set-cookie')).toBeNull();
  });
});
