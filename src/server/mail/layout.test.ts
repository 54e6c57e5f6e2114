import { describe, expect, it } from 'vitest';
import { html } from './html';
import { emailLayout } from './layout';

const base = { shopName: 'Shropshire Cookie Co.', preheader: 'p', heading: 'Hello', body: html`<p>Hi</p>` };

describe('the e-mail layout', () => {
  it("prints the shop's postal address under every e-mail when one is configured (escaped)", () => {
    const out = emailLayout({ ...base, shopAddress: '1 High St & Co, Ludlow SY8 1AA' });
    expect(out).toContain('Handmade in Shropshire, UK<br>1 High St &amp; Co, Ludlow SY8 1AA');
  });

  it('leaves the address line out when none is configured', () => {
    expect(emailLayout({ ...base, shopAddress: null })).toContain('Handmade in Shropshire, UK</td>');
  });
});
