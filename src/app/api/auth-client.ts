import type { SignUpInput } from '~/shared/schemas/sign-up';
import { callApi } from './api-client';

/** What the browser's auth calls answer: done, or the message to show. */
export type AuthResult = { ok: true } | { ok: false; message: string };
export type Role = 'admin' | 'customer';

/**
 * Sends JSON; answers done, or the message to show: `messages[code]` when the server's error code
 * has one of ours, else the server's message, else `fallback` (also when there is no answer).
 */
export async function send(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  fallback: string,
  messages: Record<string, string> = {},
): Promise<AuthResult> {
  const answer = await callApi(method, url, body);
  if (answer.ok) return { ok: true };
  return { ok: false, message: (answer.code && messages[answer.code]) || answer.message || fallback };
}

const post = (url: string, body: unknown, fallback: string) => send('POST', url, body, fallback);

/**
 * Signs in; the session cookie (httpOnly) is set by the response, or, for an account with a
 * second factor, `needsCode`: the code comes next (`verifyCode`).
 */
export async function signIn(email: string, password: string): Promise<AuthResult & { needsCode?: boolean }> {
  const answer = await callApi<{ twoFactorRedirect?: boolean }>('POST', '/api/auth/sign-in/email', {
    email: email.trim(),
    password,
  });
  if (answer.ok) return { ok: true, needsCode: !!answer.body?.twoFactorRedirect };
  return { ok: false, message: answer.message || 'Failed to sign in' };
}

/** The second step of signing in (or confirming a new authenticator): a code, or a backup code. */
export const verifyCode = (code: string, { backup = false, trustDevice = false } = {}) =>
  send(
    'POST',
    backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
    { code: code.replace(/\s/g, ''), trustDevice },
    'That code did not work. Please try again.',
    {
      INVALID_CODE: 'That code is not right. Check the time on your phone and try the newest code.',
      CODE_ALREADY_USED:
        'That code has already been used. Wait for the next code from your authenticator app and enter that one.',
      INVALID_BACKUP_CODE: 'That backup code is not right, or it has been used already.',
      INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please sign in again.',
      TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
    },
  );

/** Creates the account (user + profile); it does not sign in. `marketing`: the opt-in box was ticked. */
export const signUp = (details: SignUpInput, marketing = false) =>
  post('/api/account/sign-up', { ...details, marketing }, 'Failed to create account');

export const signOut = () => post('/api/auth/sign-out', {}, 'Failed to sign out');

/** The signed-in user's role, or null when signed out or unreachable. */
export async function fetchRole(): Promise<Role | null> {
  const answer = await callApi<{ role?: Role } | null>('GET', '/api/account/me');
  if (!answer.ok) return null;
  return answer.body?.role === 'admin' ? 'admin' : 'customer';
}

/** A stand-in origin: a path that resolves elsewhere against it would leave the site. */
const SAME_SITE = 'http://same-site.invalid';

/**
 * Where to go after signing in: a same-site path from `?redirectTo=`, or `fallback`. The address
 * is normalised first, as a browser would ("/..//x", "/./\/x" and "/%2e%2e//x" all become "//x"),
 * and only then checked: anything that could leave the site ("//evil.example", "/\evil",
 * "https://...", "javascript:...") is ignored. The path comes back percent-encoded
 * ("/€uro" -> "/%E2%82%ACuro"), as a Location header must be.
 */
export function safeRedirect(to: string | null | undefined, fallback = '/account'): string {
  if (!to?.startsWith('/')) return fallback;
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE) return fallback;
  const path = url.pathname;
  // A path starting "//" (or "/\\") is read by browsers as another host.
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (path === '/auth' || path.startsWith('/auth/')) return fallback;
  return path + url.search + url.hash;
}
