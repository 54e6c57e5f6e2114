/**
 * Signing in as the sign-in form does, for tests and benchmarks alike: better-auth's e-mail
 * endpoint, the session cookies it sets sent back as one Cookie header. It reaches the shop
 * either in this process (`inProcess(app)`, the Hono app's `request`) or over HTTP
 * (`overHttp(url)`, a server started with bench/lib/server.ts or src/test/listen.ts).
 */

import { TOTP } from 'otpauth';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET } from '../server/account/seed-demo-users';

/**
 * Authenticator secrets (base32) of the accounts tests made, by e-mail, so signing in completes
 * the second factor as its owner would: with a code computed from the secret. The demo admin's is
 * published (decision 078).
 */
const totpSecrets = new Map<string, string>([[DEMO_ADMIN.email, DEMO_ADMIN_TOTP_SECRET]]);

/** Remembers an account's authenticator secret for `signIn`. */
export function rememberTotpSecret(email: string, base32Secret: string): void {
  totpSecrets.set(email.trim().toLowerCase(), base32Secret);
}

/** The remembered secret of an account, if any. */
export const totpSecretOf = (email: string) => totpSecrets.get(email.trim().toLowerCase());

/** The code an authenticator app shows now for `base32Secret` (`at`: another moment, in ms). */
export const totpCode = (base32Secret: string, at = Date.now()) =>
  new TOTP({ secret: base32Secret, digits: 6, period: 30 }).generate({ timestamp: at });

/** How a helper reaches the shop: a path and a request, answered. */
export type Requester = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Requests to a running server at `baseUrl`. */
export const overHttp =
  (baseUrl: string): Requester =>
  (path, init) =>
    fetch(`${baseUrl}${path}`, init);

/** Requests handled by the Hono app in this process (`base`: an origin to put before the path). */
export const inProcess =
  (
    app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
    base = '',
  ): Requester =>
  (path, init) =>
    app.request(`${base}${path}`, init);

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Posts the e-mail and password and answers better-auth's response as it is (for tests of a
 * refused sign-in). `origin` is the shop's own (better-auth refuses other origins); `headers`
 * adds e.g. the client address in-process requests take from X-Forwarded-For.
 */
export function postSignIn(
  request: Requester,
  origin: string,
  who: Credentials,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify({ email: who.email, password: who.password }),
    }),
  );
}

/**
 * Signs in and returns the Cookie header to send afterwards; throws, saying why, when refused.
 * An account with a second factor is asked for its code, as the sign-in form asks: the code comes
 * from the secret `rememberTotpSecret` holds for it (or `who.totpSecret`).
 */
export async function signIn(
  request: Requester,
  origin: string,
  who: Credentials & { totpSecret?: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await postSignIn(request, origin, who, headers);
  if (!res.ok) throw new Error(`sign-in as ${who.email} failed: ${res.status} ${await res.text()}`);
  const answer = (await res
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (!answer?.twoFactorRedirect) return cookieHeader(res);
  const secret = who.totpSecret ?? totpSecretOf(who.email);
  if (!secret) throw new Error(`sign-in as ${who.email} asks for a code, and no secret is known for it`);
  const verified = await answerCode(request, origin, cookieHeader(res), secret, headers);
  if (!verified.ok)
    throw new Error(`second factor of ${who.email} refused: ${verified.status} ${await verified.text()}`);
  return cookieHeader(verified);
}

/**
 * Answers the code step as a person whose last code was just used would: a code is refused a
 * second time (decision 087), so when the app's code was used already (another sign-in of the
 * same account moments ago) it sends the next one the shop accepts (the next step's), the
 * previous one, and then waits for a new code.
 */
export async function answerCode(
  request: Requester,
  origin: string,
  cookie: string,
  secret: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  for (let round = 0; ; round++) {
    for (const shift of [0, 30_000, -30_000]) {
      const res = await postCode(request, origin, cookie, totpCode(secret, Date.now() + shift), headers);
      if (res.ok || round >= 3 || !(await res.clone().text()).includes('CODE_ALREADY_USED')) return res;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

/** Posts a code for the sign-in whose two-factor cookie `cookie` holds (or for a signed-in session). */
export function postCode(
  request: Requester,
  origin: string,
  cookie: string,
  code: string,
  headers: Record<string, string> = {},
  body: { trustDevice?: boolean; backup?: boolean } = {},
): Promise<Response> {
  const path = body.backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
  return Promise.resolve(
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie, ...headers },
      body: JSON.stringify({ code, trustDevice: body.trustDevice }),
    }),
  );
}

/** Turns a response's Set-Cookie headers into a Cookie request header. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
