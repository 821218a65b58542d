import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, newAccount, signUp } from '../../support/api';

/**
 * Names and titles never store what can disguise them: bidi overrides and isolates (which reverse
 * what follows on screen), NUL and other control characters, and lone surrogates. Each is refused
 * with a 400 naming the field, and nothing is stored. Long text keeps line breaks, tabs and bidi
 * isolates (right-to-left writing) but not controls or broken characters.
 */
const BAD_LINE = {
  'a right-to-left override': 'Invoice \u202Efdp.exe',
  'a bidi isolate': 'Admin \u2066x\u2069',
  NUL: 'Tit\u0000le',
  'a bell (C0 control)': 'Ti\u0007tle',
  'a line break': 'Two\nlines',
  'a lone high surrogate': 'Half \ud83d emoji',
  'a lone low surrogate': 'Half \ude00 emoji',
};

describe('input sanitising', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp());
  });

  it.each(Object.entries(BAD_LINE))('refuses %s in a prompt title and stores nothing', async (_, title) => {
    const reply = await call('POST', '/prompts/', { token, json: { title, body: 'Body' } });

    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe('Title must not contain control characters, text-direction overrides or broken characters.');
    expect((await call('GET', '/prompts/', { token })).body.prompts).toEqual([]);
  });

  it.each(Object.entries(BAD_LINE))('refuses %s in a first name at registration', async (_, first_name) => {
    const account = newAccount({ first_name });
    const reply = await call('POST', '/auth/register', { json: account });

    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual({
      field: 'first_name',
      message: 'First name must not contain control characters, text-direction overrides or broken characters.',
    });
    expect((await call('POST', '/auth/login', { form: { username: account.email, password: account.password } })).status).toBe(401);
  });

  it('refuses an email with a direction override or NUL', async () => {
    for (const email of [`user\u202E-${Date.now()}@example.com`, `user-${Date.now()}@exa\u0000mple.com`]) {
      const reply = await call('POST', '/auth/register', { json: newAccount({ email }) });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe('Please enter a valid email address.');
    }
  });

  it('refuses them in category, snippet and library category names, tags and profile keys', async () => {
    const { token } = await signUp();
    const admin = await adminToken();
    const replies = await Promise.all([
      call('POST', '/categories/', { token, json: { name: 'Work\u202E' } }),
      call('POST', '/context/snippets', { token, json: { snippet_name: 'sig\u2067', snippet_content: 'Regards' } }),
      call('POST', '/admin/categories', { token: admin, json: { name: 'Lib\u0000' } }),
      call('POST', '/prompts/', { token, json: { title: 'Tagged', body: 'Body', tasks: ['ok', 'bad\u202D'] } }),
      call('PUT', `/context/profile/${encodeURIComponent('key\u202E')}`, { token, json: { value: 'v' } }),
    ]);

    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(replies.map((r) => r.body.detail)).toEqual([
      'Category name must not contain control characters, text-direction overrides or broken characters.',
      'Snippet name must not contain control characters, text-direction overrides or broken characters.',
      'Category name must not contain control characters, text-direction overrides or broken characters.',
      'Each of tasks must not contain control characters, text-direction overrides or broken characters.',
      'Profile key must not contain control characters, text-direction overrides or broken characters.',
    ]);
    expect((await call('GET', '/categories/', { token })).body).toEqual([]);
    expect((await call('GET', '/context/snippets', { token })).body).toEqual([]);
  });

  it('keeps line breaks, tabs and bidi isolates in a body but refuses NUL and lone surrogates', async () => {
    const { token } = await signUp();
    const body = 'Line one\n\tIndented \u2067שלום\u2069 [INPUT: name]\r\nEnd 😀';
    const good = await call('POST', '/prompts/', { token, json: { title: 'Ok', body } });
    const nul = await call('POST', '/prompts/', { token, json: { title: 'Nul', body: 'a\u0000b' } });
    const half = await call('POST', '/context/snippets', { token, json: { snippet_name: 'half', snippet_content: 'x \ud83d' } });
    const value = await call('PUT', '/context/profile/name', { token, json: { value: 'Al\u0000ex' } });

    expect(good.status).toBe(201);
    expect(good.body.body).toBe(body);
    expect([nul.status, half.status, value.status]).toEqual([400, 400, 400]);
    expect(nul.body.detail).toBe('Body must not contain control characters or broken characters.');
    expect(half.body.detail).toBe('Snippet content must not contain control characters or broken characters.');
    expect(value.body.detail).toBe('Value must not contain control characters or broken characters.');
  });
});
