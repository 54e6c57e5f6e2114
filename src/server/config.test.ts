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
