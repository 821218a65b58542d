import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE, matchPage, matchRoute, PAGE_ROUTES, ROUTES, routeId, routeKey } from '@shared/routes';
import { SPEC_CALLS } from '../support/spec-calls';

describe('route table', () => {
  it('lists every call the product was specified with (docs/product.md)', () => {
    const keys = ROUTES.map(routeKey);
    for (const call of SPEC_CALLS) expect(keys, call).toContain(call);
  });

  it('lists each method and path once, with distinct construct ids', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map(routeId)).size).toBe(ROUTES.length);
  });

  it('points every route at a handler module that exists', () => {
    for (const route of ROUTES) expect(existsSync(`functions/${route.handler}.ts`), route.handler).toBe(true);
  });

  it('guards admin routes for admins and the webhook for Stripe only', () => {
    for (const route of ROUTES) {
      if (route.path.startsWith('/admin/')) expect(route.access, routeKey(route)).toBe('admin');
    }
    expect(ROUTES.find((r) => r.path === '/billing/webhook')?.access).toBe('stripe');
  });

  it('matches concrete paths and decodes parameters', () => {
    expect(matchRoute('PUT', '/prompts/abc%20d')).toMatchObject({ route: { path: '/prompts/{id}' }, pathParameters: { id: 'abc d' } });
    expect(matchRoute('PATCH', '/admin/prompts/42/tier')).toMatchObject({ pathParameters: { id: '42' } });
    expect(matchRoute('GET', '/prompts/')).toMatchObject({ route: { method: 'GET', path: '/prompts/' } });
  });

  it('tells a wrong method (with the allowed ones) from an unknown path', () => {
    expect(matchRoute('PATCH', '/prompts/1')).toEqual({ allowed: ['PUT', 'DELETE'] });
    expect(matchRoute('GET', '/prompts')).toBeNull();
    expect(matchRoute('GET', '/prompts//x')).toBeNull();
  });

  it('derives readable construct ids', () => {
    expect(routeId({ method: 'POST', path: '/prompts/fork/{id}' })).toBe('PostPromptsForkId');
    expect(routeId({ method: 'GET', path: '/openapi.json' })).toBe('GetOpenapiJson');
  });
});

describe('page routes (HTML at the site root)', () => {
  it('live outside the API, each with a handler module and a CloudFront pattern that covers its path', () => {
    for (const page of PAGE_ROUTES) {
      expect(page.path.startsWith(`${API_BASE}/`), page.path).toBe(false);
      expect(existsSync(`functions/${page.handler}.ts`), page.handler).toBe(true);
      expect(page.path.startsWith(page.pattern.replace(/\*$/, '')), page.path).toBe(true);
    }
  });

  it('match a share link and nothing else', () => {
    expect(matchPage('GET', '/s/abc_DEF-123')).toEqual({ route: PAGE_ROUTES[0], pathParameters: { token: 'abc_DEF-123' } });
    expect(matchPage('GET', '/s/')).toBeNull();
    expect(matchPage('GET', '/s/a/b')).toBeNull();
    expect(matchPage('POST', '/s/abc')).toBeNull();
    expect(matchPage('GET', '/prompts')).toBeNull();
  });
});
