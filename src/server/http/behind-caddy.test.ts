import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT } from '~/server/auth/auth';
import { loadConfig } from '~/server/config';
import { authRateLimits } from '~/server/db/schema';
import { signUpDetails } from '~/test/factories';
import { freePort, type ListeningShop, listen } from '~/test/listen';
import { createTestApp, type TestApp } from '~/test/test-app';

// The production recipe (deploy/Caddyfile in front of the shop with TRUST_PROXY=true, as
// deploy/shop.env.example sets it) run for real: Caddy with its own internal CA on high ports of
// 127.0.0.1, in front of the shop as it serves (node:http).

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const caddyInstalled = existsSync(CADDY);
const SKIPPED = `SKIPPED: Caddy is not installed at ${CADDY} (apt-get install caddy, as .ci/run does; or set CADDY_PATH)`;
if (!caddyInstalled) console.warn(`behind-caddy.test.ts ${SKIPPED}`);

const repo = path.resolve(import.meta.dirname, '../../..');
const SHIPPED_SITE = 'shop.example.com {';
const SHIPPED_UPSTREAM = 'reverse_proxy 127.0.0.1:3000';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let t: TestApp;
let shop: ListeningShop | undefined;
let caddy: ChildProcess | undefined;
let caddyLog = '';
let home: string;
let httpsPort: number;
let httpPort: number;
let rootCa: string;

/**
 * One HTTPS request to Caddy, trusting only Caddy's own root certificate, from `from` (a loopback
 * address of ours: 127.0.0.2, 127.0.0.3... all reach 127.0.0.1 on Linux, so Caddy sees several clients).
 */
function viaCaddy(
  method: string,
  pathname: string,
  {
    from = '127.0.0.1',
    headers = {},
    body,
  }: { from?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca: rootCa,
        localAddress: from,
        method,
        path: pathname,
        headers: {
          host: `localhost:${httpsPort}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const origin = () => `https://localhost:${httpsPort}`;
const signIn = (email: string, password: string, from: string, headers: Record<string, string> = {}) =>
  viaCaddy('POST', '/api/auth/sign-in/email', {
    from,
    headers: { origin: origin(), ...headers },
    body: { email, password },
  });

// Where Caddy is missing the suite is skipped, its name saying why (and a warning says it above).
const suiteName = caddyInstalled
  ? 'the shop behind Caddy (deploy/Caddyfile)'
  : `the shop behind Caddy: ${SKIPPED}`;
describe.skipIf(!caddyInstalled)(suiteName, () => {
  beforeAll(async () => {
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    // The settings deploy/shop.env.example gives the shop, with the test's address.
    t = await createTestApp({ env: { TRUST_PROXY: 'true', PUBLIC_URL: origin() } });
    shop = await listen(t.services);
    const shopPort = new URL(shop.url).port;

    // The shipped Caddyfile, its site and upstream swapped for the test's, behind global options
    // that keep Caddy to itself: its own CA (not installed in the system's trust store), no admin
    // endpoint, high ports on 127.0.0.1, and its state in a folder of its own.
    const shipped = readFileSync(path.join(repo, 'deploy/Caddyfile'), 'utf8');
    expect(shipped).toContain(SHIPPED_SITE);
    expect(shipped).toContain(SHIPPED_UPSTREAM);
    const site = shipped
      .replace(SHIPPED_SITE, 'localhost {')
      .replace(SHIPPED_UPSTREAM, `reverse_proxy 127.0.0.1:${shopPort}`);
    home = mkdtempSync(path.join(os.tmpdir(), 'shop-caddy-'));
    const caddyfile = path.join(home, 'Caddyfile');
    writeFileSync(
      caddyfile,
      [
        '{',
        '\tadmin off',
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        '\tdefault_bind 127.0.0.1',
        '\tlocal_certs',
        '\tskip_install_trust',
        '}',
        site,
      ].join('\n'),
    );
    caddy = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk) => {
      caddyLog += chunk;
    });
    caddy.stderr?.on('data', (chunk) => {
      caddyLog += chunk;
    });

    // Ready once its CA exists and it answers over HTTPS (it makes the CA and the certificate as it starts).
    const rootFile = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
    for (let tries = 0; ; tries++) {
      if (caddy.exitCode !== null) throw new Error(`Caddy stopped:\n${caddyLog}`);
      if (existsSync(rootFile)) {
        rootCa = readFileSync(rootFile, 'utf8');
        const ready = await viaCaddy('GET', '/api/health').catch(() => null);
        if (ready?.status === 200) break;
      }
      if (tries > 300) throw new Error(`Caddy did not answer over HTTPS:\n${caddyLog}`);
      await delay(100);
    }
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const stopped = new Promise((resolve) => caddy?.once('exit', resolve));
      caddy.kill('SIGTERM');
      await stopped;
    }
    await shop?.close();
    await t?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("answers over HTTPS with a certificate from Caddy's CA, and nothing else trusts it", async () => {
    const health = await viaCaddy('GET', '/api/health');
    expect(health.status).toBe(200);
    // Without Caddy's root the certificate is refused: the TLS above was really checked.
    const untrusted = new Promise((resolve, reject) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port: httpsPort, servername: 'localhost', path: '/api/health' },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    await expect(untrusted).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
  });

  it('sends a plain http visitor to https', async () => {
    const res = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: httpPort, path: '/shop', headers: { host: 'localhost' } },
        (r) => {
          r.resume();
          resolve({ status: r.statusCode, location: r.headers.location });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(308);
    expect(res.location).toMatch(/^https:\/\/localhost(:\d+)?\/shop$/);
  });

  it('tells browsers to come back over HTTPS only (HSTS), once, on fresh and cached answers alike', async () => {
    // /api/products twice: the second comes from the page cache, written without the app.
    for (const pathname of ['/api/health', '/api/products', '/api/products']) {
      const res = await viaCaddy('GET', pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers['strict-transport-security'], pathname).toMatch(
        /^max-age=\d{8}(; includeSubDomains)?$/,
      );
    }
  });

  it('gives a signed-in customer Secure cookies that work through Caddy', async () => {
    const details = signUpDetails();
    await t.services.accounts.signUp(details);
    const res = await signIn(details.email, details.password, '127.0.0.4');
    expect(res.status).toBe(200);
    const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
    }
    const me = await viaCaddy('GET', '/api/account/me', {
      from: '127.0.0.4',
      headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
    });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ user: { email: details.email.toLowerCase() } });
  });

  it('rate-limits each visitor by their own address, which Caddy passes on and a client cannot forge', async () => {
    const guess = (from: string, headers?: Record<string, string>) =>
      signIn('nobody-here@example.com', 'wrong-guess-1', from, headers);
    // One visitor (127.0.0.2) uses up the sign-in limit...
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await guess('127.0.0.2')).status).toBe(401);
    expect((await guess('127.0.0.2')).status).toBe(429);
    // ...and a forged X-Forwarded-For does not give them a new one: Caddy replaced it.
    expect((await guess('127.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    // Another visitor is not held back by them: the shop did not see every visitor as Caddy's 127.0.0.1.
    expect((await guess('127.0.0.3')).status).toBe(401);

    const keys = (await t.services.db.select({ key: authRateLimits.key }).from(authRateLimits)).map(
      (r) => r.key,
    );
    expect(keys.some((key) => key.includes('127.0.0.2'))).toBe(true);
    expect(keys.some((key) => key.includes('127.0.0.3'))).toBe(true);
    expect(keys.some((key) => key.includes('127.0.0.1') || key.includes('198.51.100.7'))).toBe(false);
  });
});

describe('deploy/shop.env.example', () => {
  it('is a configuration the shop accepts, behind a proxy on loopback with Secure cookies', () => {
    const env: Record<string, string> = { NODE_ENV: 'production', PAYMENTS: 'test' };
    for (const line of readFileSync(path.join(repo, 'deploy/shop.env.example'), 'utf8').split('\n')) {
      const setting = /^([A-Z_]+)=(.*)$/.exec(line);
      if (setting) env[setting[1]!] = setting[2]!.replace(/^"(.*)"$/, '$1');
    }
    const config = loadConfig(env);
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, trustProxy: true, secureCookies: true });
    expect(config.shop.name).toBe('Shropshire Cookie Co.');
    // No demo admin with a published password on a public shop.
    expect(config.seedDemoUsers).toBe(false);
    // What deploy/Caddyfile proxies to.
    expect(readFileSync(path.join(repo, 'deploy/Caddyfile'), 'utf8')).toContain(
      `reverse_proxy ${config.host}:${config.port}`,
    );
  });
});
