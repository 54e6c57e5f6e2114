import { describe, expect, it } from 'vitest';
import { setupQrCode } from './qr-code.server';

const URI =
  'otpauth://totp/Shropshire%20Cookies:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Shropshire%20Cookies&digits=6&period=30';

describe('the setup QR code', () => {
  it('is an SVG drawn here, as a data URL', async () => {
    const url = await setupQrCode(URI);
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(url!.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/href=/);
  });

  it('draws nothing but an authenticator setup address', async () => {
    expect(await setupQrCode('https://evil.example/')).toBeNull();
    expect(await setupQrCode('otpauth://totp/x')).toBeNull();
    expect(await setupQrCode(`${URI}${'A'.repeat(600)}`)).toBeNull();
  });
});
