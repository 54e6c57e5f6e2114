/**
 * Signing in as the sign-in form does, for tests and benchmarks alike: better-auth's e-mail
 * endpoint, the session cookies it sets sent back as one Cookie header. It reaches the shop
 * either in this process (`inProcess(app)`, the Hono app's `request`) or over HTTP
 * (`overHttp(url)`, a server started with bench/lib/server.ts or src/test/listen.ts).
 */

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

/** Signs in and returns the Cookie header to send afterwards; throws, saying why, when refused. */
export async function signIn(
  request: Requester,
  origin: string,
  who: Credentials,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await postSignIn(request, origin, who, headers);
  if (!res.ok) throw new Error(`sign-in as ${who.email} failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res);
}

/** Turns a response's Set-Cookie headers into a Cookie request header. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
