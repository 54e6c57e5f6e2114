import { html, type SafeHtml } from './html';

/** The shop's brand colours (src/app/app.css), inlined because mail clients ignore stylesheets. */
export const BRAND = {
  cream: '#fbf6ee',
  dough: '#f3e6d3',
  crumb: '#e4cfae',
  caramelDark: '#8f4f14',
  cocoa: '#4a2c17',
  cocoaLight: '#6b4a33',
} as const;

export interface LayoutOptions {
  shopName: string;
  /** The shop's postal address (config.shop.address), printed under every e-mail when configured. */
  shopAddress?: string | null;
  /** Who the customer bought from (legal name, company and VAT numbers), under order e-mails. */
  traderLine?: string;
  /** Shown by mail clients next to the subject; never displayed in the body. */
  preheader: string;
  heading: string;
  body: SafeHtml;
  /** Small print under the card, e.g. why the e-mail was sent. */
  footer?: SafeHtml | string;
}

/** The shop's name, address and trader line as every order and marketing e-mail signs off. */
export const shopLines = (shop: { name: string; address?: string | null; traderLine?: string }) => ({
  shopName: shop.name,
  shopAddress: shop.address,
  traderLine: shop.traderLine,
});

/**
 * One table-based layout for every e-mail (tables and inline styles are what Outlook and Gmail
 * render reliably); 600px wide at most and fluid below, so it reads well on a phone.
 */
export function emailLayout({
  shopName,
  shopAddress,
  traderLine,
  preheader,
  heading,
  body,
  footer,
}: LayoutOptions): string {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${heading}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.cream};color:${BRAND.cocoa};font-family:Georgia,'Times New Roman',serif;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:0 8px 16px;font-size:22px;font-weight:bold;color:${BRAND.caramelDark};">${shopName}</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${BRAND.crumb};border-radius:8px;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${BRAND.cocoa};">
<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;line-height:1.25;color:${BRAND.cocoa};">${heading}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 8px;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:${BRAND.cocoaLight};">${footer ?? ''}<br>${shopName} &middot; Handmade in Shropshire, UK${shopAddress ? html`<br>${shopAddress}` : ''}${traderLine ? html`<br>${traderLine}` : ''}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.value;
}
