import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { call, signUp } from '../support/api';

describe('API conventions', () => {
  it('answers unknown routes with 404 and a detail', async () => {
    const reply = await call('GET', '/no-such-route');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ detail: 'Not found.' });
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const reply = await call('DELETE', '/auth/login');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    expect(reply.body.detail).toBe('Method DELETE is not allowed here.');
  });

  it('rejects a body over 64 KB with 413 and creates nothing', async () => {
    const reply = await call('POST', '/auth/register', {
      json: { first_name: 'A'.repeat(70_000), last_name: '', email: 'big@example.com', password: 'long-enough-1' },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.detail).toMatch(/too large/);
    const login = await call('POST', '/auth/login', { form: { username: 'big@example.com', password: 'long-enough-1' } });
    expect(login.status).toBe(401);
  });

  it.each([
    ['malformed JSON', { body: '{"first_name": ', headers: { 'content-type': 'application/json' } }, 400, 'Request body is not valid JSON.'],
    ['a wrong content type', { body: 'first_name=a', headers: { 'content-type': 'text/plain' } }, 415, 'Content-Type must be application/json.'],
    ['no body', { headers: { 'content-type': 'application/json' } }, 400, 'Request body is required.'],
    ['a JSON array', { json: [1, 2] }, 400, 'Request body must be a JSON object.'],
    [
      'a prototype key',
      {
        body: '{"__proto__": {"is_admin": true}, "first_name": "A", "email": "p@example.com", "password": "long-enough-1"}',
        headers: { 'content-type': 'application/json' },
      },
      400,
      'Unknown field: __proto__.',
    ],
  ])('answers %s with a clear 4xx', async (_, options, status, detail) => {
    const reply = await call('POST', '/auth/register', options);
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ detail });
  });

  it('sends no-store and nosniff on API answers, errors included', async () => {
    for (const reply of [await call('GET', '/health'), await call('GET', '/auth/me'), await call('GET', '/nowhere')]) {
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('serves an OpenAPI document listing every route of the table', async () => {
    const reply = await call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      expect(reply.body.paths[`/api/v1${route.path}`]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    expect(reply.body.paths['/api/v1/auth/login'].post.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
  });

  it('never echoes a password or token into an error', async () => {
    const user = await signUp();
    const wrong = `${user.password}-not-it`;
    const refusedLogin = await call('POST', '/auth/login', { form: { username: user.email, password: wrong } });
    expect(refusedLogin.status).toBe(401);
    expect(JSON.stringify(refusedLogin.body)).not.toContain(wrong);
    const refusedPassword = await call('POST', '/auth/register', {
      json: { email: `x-${user.email}`, first_name: 'X', last_name: 'Y', password: 'Password1' },
    });
    expect(refusedPassword.status).toBe(400);
    expect(JSON.stringify(refusedPassword.body)).not.toContain('Password1');
  });
});
