import { describe, expect, it } from 'vitest';
import { holdRequests, useBrowser } from '../support/browser';
import { account, atPath, logIn, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';
import { waitForMail } from '../support/mail';

const browser = useBrowser();

describe('register', () => {
  it('shows the branding panel and every validation message, on blur and then on change', async () => {
    const { page } = browser;
    await page.goto('/register');
    await see(page, 'Secure by default • JWT sessions • GDPR compliant');
    // The page is prerendered: fields are checked once the app has taken it over (the button is
    // enabled then), as for a person, whose blur before that is the browser's alone.
    await expect.poll(() => page.getByRole('button', { name: 'Create Account' }).isEnabled()).toBe(true);

    // Nothing shows before a field is touched.
    expect(await page.getByText('Name must be at least 2 characters.').count()).toBe(0);

    const name = page.getByLabel('Full name');
    await name.fill(' A ');
    await name.blur();
    await see(page, 'Name must be at least 2 characters.');
    // Once touched, it re-validates on change.
    await name.fill('Ada');
    await expect.poll(() => page.getByText('Name must be at least 2 characters.').count()).toBe(0);

    const email = page.getByLabel('Email');
    await email.fill('ada@example');
    await email.blur();
    await see(page, 'Please enter a valid email address.');

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    await password.blur();
    await see(page, 'Password must be at least 8 characters.');

    const confirm = page.getByLabel('Confirm password', { exact: true });
    await confirm.fill('different');
    await confirm.blur();
    await see(page, 'Passwords do not match.');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await see(page, 'You must agree to the terms.');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the account, logs in automatically and lands on /prompts after the success message', async () => {
    const { page } = browser;
    const user = account();
    await page.goto('/register');
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByLabel(/I agree to the/).check();

    // Hold the API until the busy state has been seen.
    const registering = await holdRequests(page, '**/api/v1/auth/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await see(page, 'Creating your account...');
    registering.release();
    await see(page, 'Account created! Redirecting...');
    await page.getByRole('button', { name: 'Success!' }).waitFor();
    await atPath(page, '/prompts');
    await page.getByRole('heading', { name: 'My Prompts' }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('construct.access_token'));
    const me = await fetch(new URL('/api/v1/auth/me', page.url()), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect(me).toMatchObject({ email: user.email, first_name: 'Ada', last_name: 'King Lovelace', access_tier: 'free', is_admin: false });
  });

  it('tells a sign-up with a taken email only to check the inbox (the owner is mailed), and re-enables the form', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('another-password');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await see(page, 'Please check your inbox: we sent you an email about signing up.');
    expect(await page.getByText('An account with this email already exists.').count()).toBe(0);
    expect((await waitForMail(user.email, /already have a Construct account/)).text).toContain('Nothing was changed.');
    expect(await page.getByRole('button', { name: 'Create Account' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Email').isEnabled()).toBe(true);
  });
});

describe('login, guards and logout', () => {
  it('sends a visitor to /login, then back to the page the guard remembered', async () => {
    const { page } = browser;
    const user = await registerViaApi();

    await page.goto('/context-library');
    await atPath(page, '/login');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const signingIn = await holdRequests(page, '**/api/v1/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing In...' }).waitFor();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isDisabled()).toBe(true);
    signingIn.release();

    await atPath(page, '/context-library');
    const active = page.getByRole('link', { name: 'Context Library' });
    expect(await active.getAttribute('aria-current')).toBe('page');
    for (const name of ['My Prompts', 'Library']) await page.getByRole('link', { name, exact: true }).waitFor();
  });

  it('shows the server detail for a wrong password', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, { ...user, password: 'wrong-password' });
    await see(page, 'Incorrect email or password.');
    await atPath(page, '/login');
  });

  it('keeps the session across a reload, and logging out ends it', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.reload();
    await page.getByRole('heading', { name: 'My Prompts' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await atPath(page, '/login');
    await see(page, 'You have been signed out.');
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBeNull();
    await page.goto('/prompts');
    await atPath(page, '/login');
  });

  it('clears a stored token the server no longer accepts', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('construct.access_token', 'not-a-valid-token'));
    await page.goto('/prompts');
    await atPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBeNull();
  });

  it('sends a signed-in non-admin away from /admin to /prompts, and lets the admin in', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await logIn(page, user);
    await atPath(page, '/prompts');
    await page.goto('/admin');
    await atPath(page, '/prompts');

    await page.getByRole('button', { name: 'Log out' }).click();
    await atPath(page, '/login');
    await logIn(page, { email: 'admin@construct.test', password: 'admin-password-1' });
    await atPath(page, '/prompts');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Control Center' }).waitFor();
  });

  it('opens the terms and privacy pages in a new tab from the register form', async () => {
    const { page } = browser;
    await page.goto('/register');
    for (const [name, path] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      const link = page.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      await tab.getByRole('heading', { level: 1 }).waitFor();
      await tab.close();
    }
  });
});

describe('session check without an answer', () => {
  it('keeps the session and offers Retry when /auth/me answers 503 or the network fails, and Retry gets in', async () => {
    const { page } = browser;
    browser.expected.push(/status of 503/, /ERR_CONNECTION_REFUSED/);
    const token = await tokenFor(await registerViaApi());
    await signInWithToken(page, token);
    await page.route('**/api/v1/auth/me', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'The service is busy. Please try again in a moment.' }) }),
    );

    await page.goto('/prompts');

    await page.getByRole('heading', { name: 'We could not reach Construct' }).waitFor();
    await see(page, 'The service is busy. Please try again in a moment.');
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBe(token);
    await atPath(page, '/prompts');

    // No connection at all: the same page, still signed in.
    await page.unroute('**/api/v1/auth/me');
    await page.route('**/api/v1/auth/me', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'We could not reach Construct' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBe(token);

    await page.unroute('**/api/v1/auth/me');
    await page.getByRole('button', { name: 'Retry' }).click();

    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
    await atPath(page, '/prompts');
  });

  it('offers Retry when /auth/me does not answer at all (client-side time-out), never a blank page', async () => {
    const { page } = browser;
    const token = await tokenFor(await registerViaApi());
    await signInWithToken(page, token);
    await page.route('**/api/v1/auth/me', () => {}); // never answered

    await page.goto('/prompts');

    // The check gives up after ME_TIMEOUT_MS (8 s): wait for the page, not for a time.
    await page.getByRole('heading', { name: 'We could not reach Construct' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBe(token);
    await page.unroute('**/api/v1/auth/me');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'My Prompts', level: 1 }).waitFor();
  }, 60_000);

  it('still signs out when /auth/me answers 401', async () => {
    const { page } = browser;
    const token = await tokenFor(await registerViaApi());
    await signInWithToken(page, token);
    await page.route('**/api/v1/auth/me', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ detail: 'Could not validate credentials' }) }),
    );

    await page.goto('/prompts');

    await atPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('construct.access_token'))).toBeNull();
    await page.unroute('**/api/v1/auth/me');
  });
});
