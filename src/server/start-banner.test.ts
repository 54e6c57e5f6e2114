import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const info = {
  shopName: 'Shropshire Cookie Co.',
  url: 'http://localhost:3000',
  database: 'embedded database in ./data',
  demoAccounts: [
    { label: 'Admin', email: 'admin@shropshirecookies.example', password: 'admin-demo-2026' },
    { label: 'Customer', email: 'customer@shropshirecookies.example', password: 'customer-demo-2026' },
  ],
};

describe('the start-up banner', () => {
  it('frames the address and the demo accounts, every line the same width', () => {
    const lines = startBanner(info).split('\n');
    expect(lines[0]).toMatch(/^╭─+╮$/);
    expect(lines.at(-1)).toMatch(/^╰─+╯$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('Shropshire Cookie Co. is open at http://localhost:3000');
    expect(text).toMatch(/Admin {5}admin@shropshirecookies\.example {5}admin-demo-2026/);
    expect(text).toMatch(/Customer {2}customer@shropshirecookies\.example {2}customer-demo-2026/);
  });

  it('leaves the demo accounts out when there are none, and wraps warnings inside the frame', () => {
    const text = startBanner({
      ...info,
      demoAccounts: [],
      warnings: ['the demo accounts exist and the shop listens on 0.0.0.0. '.repeat(3)],
    });
    expect(text).not.toContain('Demo accounts');
    const lines = text.split('\n');
    expect(lines.filter((l) => l.includes('WARNING') || l.includes('listens')).length).toBeGreaterThan(1);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it("prints the demo admin's authenticator key when it is given, inside the frame", () => {
    const text = startBanner({
      ...info,
      demoSecondFactor: { secret: 'SHROPSHIRECOOKIESDEMOADMIN234567', backupCode: 'DEMO1-BACK1' },
    });
    expect(text).toContain('Key SHROPSHIRECOOKIESDEMOADMIN234567');
    expect(text).toContain('backup code DEMO1-BACK1');
    const lines = text.split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(startBanner(info)).not.toContain('SHROPSHIRECOOKIESDEMOADMIN234567');
  });
});
