import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSecretFor } from '~/server/auth/auth';
import { loadConfig } from '~/server/config';
import { localAuthSecret, prepareDataDir } from '~/server/db/data-dir';

const PG = 'postgres://db.example/shop';
const SECRET = 's'.repeat(32);

describe('production refuses unsafe defaults', () => {
  it('with DATABASE_URL and no Stripe key, refuses to start, naming STRIPE_SECRET_KEY and PAYMENTS=test', () => {
    expect(() => loadConfig({ DATABASE_URL: PG, BETTER_AUTH_SECRET: SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required in production.*PAYMENTS=test/,
    );
  });

  it('with NODE_ENV=production on the embedded database, refuses too', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('starts with PAYMENTS=test, and then every page carries the test-mode banner', () => {
    const config = loadConfig({ DATABASE_URL: PG, BETTER_AUTH_SECRET: SECRET, PAYMENTS: 'test' });
    expect(config.stripe).toBeNull();
    expect(config.testPaymentsBanner).toBe(true);
  });

  it('with a Stripe key but no webhook secret, refuses to start', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: PG, BETTER_AUTH_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_live_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    const config = loadConfig({
      DATABASE_URL: PG,
      BETTER_AUTH_SECRET: SECRET,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.stripe?.webhookSecret).toBe('whsec_x');
    expect(config.testPaymentsBanner).toBe(false);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ DATABASE_URL: PG })).toThrow(/BETTER_AUTH_SECRET[\s\S]*STRIPE_SECRET_KEY/);
  });

  it('refuses PAYMENTS=test beside a Stripe key', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /PAYMENTS/,
    );
  });

  it('leaves `npm start` (embedded database, no NODE_ENV) working with the test page and no banner', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.stripe).toBeNull();
    expect(config.testPaymentsBanner).toBe(false);
  });
});

describe('the demo is private by default', () => {
  it('listens on 127.0.0.1 on the embedded database without HOST', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('listens on every address with DATABASE_URL (behind a load balancer) unless HOST says otherwise', () => {
    const env = { DATABASE_URL: PG, BETTER_AUTH_SECRET: SECRET, PAYMENTS: 'test' };
    expect(loadConfig(env).host).toBe('0.0.0.0');
    expect(loadConfig({ ...env, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('has no built-in session secret: one is generated per data folder and kept there', () => {
    const config = loadConfig({ DATA_DIR: dirA });
    expect(config.authSecret).toBeNull();
    const first = authSecretFor(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(authSecretFor(loadConfig({ DATA_DIR: dirA }))).toBe(first);
    expect(readFileSync(path.join(dirA, 'shop-auth-secret'), 'utf8').trim()).toBe(first);
    // Readable by its owner only.
    expect(statSync(path.join(dirA, 'shop-auth-secret')).mode & 0o077).toBe(0);
    // Another install gets its own.
    expect(localAuthSecret(dirB)).not.toBe(first);
  });

  it('uses BETTER_AUTH_SECRET when set', () => {
    expect(authSecretFor(loadConfig({ DATA_DIR: dirA, BETTER_AUTH_SECRET: SECRET }))).toBe(SECRET);
  });
});

describe('DATA_DIR', () => {
  it('that cannot be created stops the server with the path and the reason', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => prepareDataDir(path.join(file, 'data'))).toThrow(
      new RegExp(`DATA_DIR ${path.join(file, 'data')}: cannot create the folder \\(ENOTDIR`),
    );
  });

  it('that is a file stops the server with the path and the reason', () => {
    const file = path.join(root, 'another-file');
    writeFileSync(file, 'not a folder');
    expect(() => prepareDataDir(file)).toThrow(new RegExp(`DATA_DIR ${file}: cannot`));
  });

  it('that is fine is created and left without probe files', () => {
    const dir = path.join(root, 'fresh', 'data');
    prepareDataDir(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it("is created readable by the shop's user only (it holds password hashes and addresses)", () => {
    const dir = path.join(root, 'private', 'shop', 'data');
    prepareDataDir(dir);
    for (const created of [dir, path.dirname(dir)]) expect(statSync(created).mode & 0o777).toBe(0o700);
  });
});

let root: string;
let dirA: string;
let dirB: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'shop-prod-defaults-'));
  dirA = path.join(root, 'a');
  dirB = path.join(root, 'b');
  prepareDataDir(dirA);
  prepareDataDir(dirB);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
