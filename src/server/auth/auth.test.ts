import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_LIMIT, SIGN_UP_LIMIT_MESSAGE } from '~/server/account/account-routes';
import { authRateLimits } from '~/server/db/schema';
import { api, createUser, signUpDetails } from '~/test/factories';
import { cookieHeader } from '~/test/sign-in';
import { createTestApp, type TestApp } from '~/test/test-app';
import { SIGN_IN_LIMIT } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // RATE_LIMITS defaults to true
});
afterAll(() => t.close());

/** POST to the auth or account API from a given client address (in-process: X-Forwarded-For). */
const post = (url: string, body: unknown, ip: string, cookie?: string) =>
  api(t, 'POST', url, body, cookie, ip);
const signInFrom = (ip: string, email: string, password: string) =>
  post('/api/auth/sign-in/email', { email, password }, ip);

describe('sign in', () => {
  it('starts a session in an httpOnly, SameSite=Lax cookie', async () => {
    const user = await createUser(t);
    const res = await signInFrom('192.0.2.1', user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    const me = await api(t, 'GET', '/api/account/me', undefined, cookieHeader(res));
    expect((await me.json()).user.id).toBe(user.userId);
  });

  it('says the same thing for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t);
    const wrong = await signInFrom('192.0.2.2', user.email, 'not-the-password');
    const unknown = await signInFrom('192.0.2.2', 'nobody-here@example.com', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody.message).toBe('Invalid email or password');
    expect(await unknown.json()).toEqual(wrongBody);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a request from another site', async () => {
    const user = await createUser(t);
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);

    // Nor can another site sign a customer out with their cookie.
    const signOut = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: user.cookie },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    expect((await api(t, 'GET', '/api/account/me', undefined, user.cookie)).status).toBe(200);
  });
});

describe('sign out', () => {
  it('ends the session: the old cookie no longer works', async () => {
    const user = await createUser(t);
    expect((await api(t, 'GET', '/api/account/me', undefined, user.cookie)).status).toBe(200);
    const res = await post('/api/auth/sign-out', {}, '192.0.2.3', user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect((await api(t, 'GET', '/api/account/me', undefined, user.cookie)).status).toBe(401);
    expect((await api(t, 'GET', '/api/account/orders', undefined, user.cookie)).status).toBe(401);
  });
});

describe('rate limits', () => {
  it(`allows ${SIGN_IN_LIMIT.max} sign-in attempts a minute per address, counted in the database`, async () => {
    const user = await createUser(t);
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      expect((await signInFrom('203.0.113.7', user.email, 'wrong-password')).status).toBe(401);
    }
    const limited = await signInFrom('203.0.113.7', user.email, user.password);
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe('Too many requests. Please try again later.');
    // Another address is not affected.
    expect((await signInFrom('203.0.113.8', user.email, user.password)).status).toBe(200);
    // The counter is in the shared table, under the client address our server set.
    const rows = await t.services.db
      .select()
      .from(authRateLimits)
      .where(like(authRateLimits.key, '203.0.113.7|%'));
    expect(rows).toEqual([expect.objectContaining({ key: '203.0.113.7|/sign-in/email' })]);
  });

  it(`allows ${SIGN_UP_LIMIT.max} sign-ups per address per window`, async () => {
    for (let i = 0; i < SIGN_UP_LIMIT.max; i++) {
      // Invalid attempts count too: the limit is checked before anything else.
      expect((await post('/api/account/sign-up', {}, '203.0.113.20')).status).toBe(400);
    }
    const limited = await post('/api/account/sign-up', signUpDetails(), '203.0.113.20');
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toBe(SIGN_UP_LIMIT_MESSAGE);
    expect((await post('/api/account/sign-up', signUpDetails(), '203.0.113.21')).status).toBe(201);
  });

  it('cannot be dodged by sending a made-up X-Forwarded-For to a server not behind a proxy', async () => {
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_LIMIT.max; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            origin: t.origin,
            'content-type': 'application/json',
            'x-forwarded-for': `198.18.0.${i}`,
          },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('cookies on an https shop', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.test' } });
  });
  afterAll(() => https.close());

  it('marks the session cookie Secure', async () => {
    const details = signUpDetails();
    await https.services.accounts.signUp(details);
    const res = await https.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: https.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: details.email, password: details.password }),
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});
