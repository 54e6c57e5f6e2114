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
