import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { library, setTier } from '../support/db';

/**
 * The origin's side of the per-tier edge cache (functions/lib/use-cases/tier-proof.ts; the CloudFront
 * Function's side is checked in tests/infra): the tier proof cookie set at sign-in and refreshed by
 * library answers, and Cache-Control that lets CloudFront share an answer across a tier only when
 * the edge's verified tier is the caller's. Locally there is no edge, so the header the function
 * would set is sent by the test.
 */
const run = randomUUID().slice(0, 8);
const TITLE = `Edge elite ${run}`;
const BODY = `elite only ${run}: ${'long instructions past the teaser length. '.repeat(4)}`;
const CACHEABLE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const PROOF = /^construct_tier=(free|pro|elite)\.(\d+)\.([0-9a-f]{64}); Path=\/api\/v1\/library; Max-Age=900; HttpOnly; Secure; SameSite=Strict$/;

beforeAll(async () => {
  await library.upsertEntries(
    [{ id: `edge-elite-${run}`, title: TITLE, body: BODY, category: null, tasks: [], industries: [], access_tier: 'elite' }],
    'curator@construct.test',
  );
});

const libraryGet = (path: string, token: string, tier?: string) => call('GET', path, { token, headers: tier ? { 'x-construct-tier': tier } : {} });
const search = `/library/prompts?search=${encodeURIComponent(TITLE)}`;

describe('the library tier proof', () => {
  it('is set at sign-in for the account tier: HttpOnly, Secure, SameSite=Strict, only for the library routes, 15 minutes', async () => {
    const user = await signUp();
    const login = await call('POST', '/auth/login', { form: { username: user.email, password: user.password } });
    const cookie = login.headers.get('set-cookie') ?? '';
    const [, tier, expiry] = cookie.match(PROOF) ?? [];
    expect(tier).toBe('free');
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(800);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(900);
  });

  it('is cleared at sign-out', async () => {
    const user = await signUp();
    const out = await call('POST', '/auth/logout', { token: user.token });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('construct_tier=; Path=/api/v1/library; Max-Age=0; HttpOnly; Secure; SameSite=Strict');
  });
});

describe.each(['/library/prompts', '/library/filters', `/library/prompts/edge-elite-${run}`])('GET %s at the edge', (path) => {
  it("is cacheable per tier only when the edge's verified tier is the caller's, and then holds nothing of the caller", async () => {
    const [a, b] = [await signUp(), await signUp()];
    const cached = [await libraryGet(path, a.token, 'free'), await libraryGet(path, b.token, 'free')];
    for (const reply of cached) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe(CACHEABLE);
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
    // Tier-generic: two users of a tier get the same answer, so one cached copy may serve both.
    expect(cached[0]!.body).toEqual(cached[1]!.body);
  });

  it('is not cacheable without a verified tier or with another one, and then sends a fresh proof of the caller tier', async () => {
    const user = await signUp();
    for (const tier of [undefined, 'none', 'elite', 'pro', 'Free']) {
      const reply = await libraryGet(path, user.token, tier);
      expect(reply.status, String(tier)).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('set-cookie')?.match(PROOF)?.[1]).toBe('free');
    }
    // An upgrade: the edge still shows the old tier until the fresh proof replaces it.
    await setTier(user.id, 'pro');
    const upgraded = await libraryGet(path, user.token, 'free');
    expect(upgraded.headers.get('cache-control')).toBe('no-store');
    expect(upgraded.headers.get('set-cookie')?.match(PROOF)?.[1]).toBe('pro');
    expect((await libraryGet(path, user.token, 'pro')).headers.get('cache-control')).toBe(CACHEABLE);
  });

  it('still needs a valid bearer token at the origin, and never caches an error', async () => {
    const reply = await call('GET', path, { headers: { 'x-construct-tier': 'elite' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});

describe('locked prompts under a claimed tier', () => {
  it('gives a lower tier only the teaser, whatever tier header it sends', async () => {
    const user = await signUp();
    for (const tier of ['elite', 'free', undefined]) {
      const reply = await libraryGet(search, user.token, tier);
      const prompt = reply.body.prompts.find((p: { title: string }) => p.title === TITLE);
      expect(prompt, String(tier)).toMatchObject({ locked: true });
      expect(prompt.body).toBe(`${BODY.slice(0, 80)}…`);
    }
    await setTier(user.id, 'elite');
    const elite = await libraryGet(search, user.token, 'elite');
    expect(elite.headers.get('cache-control')).toBe(CACHEABLE);
    expect(elite.body.prompts.find((p: { title: string }) => p.title === TITLE)).toMatchObject({ locked: false, body: BODY });
  });

  it('gives a lower tier only the teaser of the one prompt too, whatever tier header it sends', async () => {
    const user = await signUp();
    for (const tier of ['elite', 'free', undefined]) {
      const reply = await libraryGet(`/library/prompts/edge-elite-${run}`, user.token, tier);
      expect(reply.body, String(tier)).toMatchObject({ locked: true, body: `${BODY.slice(0, 80)}…` });
    }
  });
});
