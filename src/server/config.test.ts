import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).shop;

describe('optional shop details', () => {
  it('are absent unless configured: no placeholder phone, address or social links', () => {
    const shop = load({});
    expect(shop.phone).toBeNull();
    expect(shop.address).toBeNull();
    expect(shop.social).toEqual({ instagram: null, facebook: null });
  });

  it('treat a blank value (SHOP_PHONE= in an env file) as not configured', () => {
    expect(load({ SHOP_PHONE: '  ', SHOP_ADDRESS: '', SHOP_INSTAGRAM_URL: '' })).toMatchObject({
      phone: null,
      address: null,
      social: { instagram: null, facebook: null },
    });
  });

  it('are read when set', () => {
    const shop = load({
      SHOP_PHONE: '01743 123456',
      SHOP_ADDRESS: '1 High Street, Ludlow SY8 1AA',
      SHOP_INSTAGRAM_URL: 'https://www.instagram.com/shropshirecookies',
      SHOP_FACEBOOK_URL: 'https://www.facebook.com/shropshirecookies',
    });
    expect(shop.phone).toBe('01743 123456');
    expect(shop.address).toBe('1 High Street, Ludlow SY8 1AA');
    expect(shop.social.instagram).toBe('https://www.instagram.com/shropshirecookies');
    expect(shop.social.facebook).toBe('https://www.facebook.com/shropshirecookies');
  });

  it('refuse a social link that is not a web address, naming the variable', () => {
    expect(() => load({ SHOP_FACEBOOK_URL: 'javascript:alert(1)' })).toThrow(/SHOP_FACEBOOK_URL/);
  });
});

describe('order e-mail settings', () => {
  const mail = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).mail;

  it('send every order e-mail, and the owner alert to the shop e-mail, by default', () => {
    const m = mail({ SHOP_EMAIL: 'shop@bakery.example' });
    expect([...m.orderEmailsOff]).toEqual([]);
    expect(m.orderAlertTo).toBe('shop@bakery.example');
  });

  it('switch off the kinds ORDER_EMAILS_OFF names, and alert ORDER_ALERT_EMAIL', () => {
    const m = mail({
      ORDER_EMAILS_OFF: ' baking, Delivered,,owner-alert ',
      ORDER_ALERT_EMAIL: 'owner@bakery.example',
    });
    expect([...m.orderEmailsOff].sort()).toEqual(['baking', 'delivered', 'owner-alert']);
    expect(m.orderAlertTo).toBe('owner@bakery.example');
  });

  it('refuse an unknown kind, naming the variable and the choices', () => {
    expect(() => mail({ ORDER_EMAILS_OFF: 'baking,shiped' })).toThrow(
      /ORDER_EMAILS_OFF.*unknown e-mail "shiped"; use any of: paid, baking, shipped/,
    );
    expect(() => mail({ ORDER_ALERT_EMAIL: 'not an address' })).toThrow(/ORDER_ALERT_EMAIL/);
  });
});

describe('server processes (WEB_CONCURRENCY)', () => {
  const PG = { DATABASE_URL: 'postgres://db.example/shop' };

  it('are one unless set, and as many as asked for on PostgreSQL; `auto` is one per core', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).processes).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', ...PG, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test', ...PG, WEB_CONCURRENCY: 'auto' }).processes).toBe(
      os.availableParallelism(),
    );
  });

  it('are refused above one on the embedded database, which opens in one process only', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: 2 processes need DATABASE_URL/,
    );
    expect(loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '1' }).processes).toBe(1);
  });

  it('refuse a value that is not a whole number of processes or `auto`', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...PG, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...PG, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });
});
