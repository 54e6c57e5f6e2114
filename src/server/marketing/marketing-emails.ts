import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import { html } from '../mail/html';
import { BRAND, emailLayout, shopLines } from '../mail/layout';
import type { MailShop } from '../mail/mail-service';
import type { OutgoingEmail } from '../mail/outgoing-email';

const button = (href: string, label: string) =>
  html`<p style="margin:20px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${label}</a></p>`;

/**
 * RFC 8058: the https link a mail program posts `List-Unsubscribe=One-Click` to, which takes effect
 * at once. No mailto: the shop's inbox is read by a person, so it would not take effect at once.
 */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export interface BasketReminderInput {
  profileId: string;
  /** When the basket was last touched: a new basket is a new reminder's key. */
  basketAt: Date;
  to: string;
  firstName: string;
  lines: { name: string; quantity: number }[];
  unsubscribeUrl: string;
}

/** The one reminder of a basket a customer left (marketing: sent only with their consent). */
export function basketReminderEmail(
  shop: MailShop,
  publicUrl: string,
  r: BasketReminderInput,
): OutgoingEmail {
  const greeting = r.firstName ? `Hello ${r.firstName},` : 'Hello,';
  const said =
    'You left these cookies in your basket. They are still there on the device you used, if you would like them:';
  const items = r.lines.map((l) => `${l.quantity} x ${l.name}`);
  const cartUrl = `${publicUrl}/cart`;
  const stop = `You are receiving this because you asked us for news and offers. Unsubscribe: ${r.unsubscribeUrl}`;
  const text = [
    greeting,
    '',
    said,
    ...items.map((i) => `- ${i}`),
    '',
    `Your basket: ${cartUrl}`,
    '',
    'This is the only reminder we send for this basket.',
    '',
    stop,
  ].join('\n');
  const body = html`<p style="margin:0 0 12px;">${greeting}</p>
<p style="margin:0 0 12px;">${said}</p>
<ul style="margin:0 0 12px;padding-left:20px;">${items.map((i) => html`<li>${i}</li>`)}</ul>
${button(cartUrl, 'Go to your basket')}
<p style="margin:0;">This is the only reminder we send for this basket.</p>`;
  return {
    dedupeKey: `basket-reminder:${r.profileId}:${r.basketAt.getTime()}`,
    kind: 'basket-reminder',
    to: r.to,
    replyTo: shop.email,
    subject: 'You left cookies in your basket',
    text,
    html: emailLayout({
      ...shopLines(shop),
      preheader: said,
      heading: 'Still thinking about these?',
      body,
      footer: html`You are receiving this because you asked us for news and offers. <a href="${r.unsubscribeUrl}" style="color:${BRAND.cocoaLight};">Unsubscribe</a> with one click, no sign-in needed.`,
    }),
    headers: unsubscribeHeaders(r.unsubscribeUrl),
  };
}

export interface BackInStockInput {
  alertId: string;
  to: string;
  productId: string;
  productName: string;
  /** A sold-out day that has room again; null: the product itself is back. */
  bakeDate: IsoDate | null;
  unsubscribeUrl: string;
}

/** "It's back": the e-mail a customer asked for on a sold-out product or day (a service message, once). */
export function backInStockEmail(shop: MailShop, publicUrl: string, a: BackInStockInput): OutgoingEmail {
  const url = `${publicUrl}/product/${a.productId}`;
  const day = a.bakeDate ? formatBakeDay(a.bakeDate) : null;
  const said = day
    ? `${a.productName} can be ordered for ${day} again. You asked us to tell you if a place came back.`
    : `${a.productName} can be ordered again. You asked us to tell you when it was back.`;
  const subject = day ? `${a.productName} is back for ${day}` : `${a.productName} is back`;
  const text = [
    said,
    '',
    `Order it here: ${url}`,
    '',
    'We send this once; we will not e-mail you about it again.',
    '',
    `Did not ask for this? Stop it: ${a.unsubscribeUrl}`,
  ].join('\n');
  const body = html`<p style="margin:0 0 12px;">${said}</p>
${button(url, `See ${a.productName}`)}
<p style="margin:0;">We send this once; we will not e-mail you about it again.</p>`;
  return {
    dedupeKey: `back-in-stock:${a.alertId}`,
    kind: 'back-in-stock',
    to: a.to,
    replyTo: shop.email,
    subject,
    text,
    html: emailLayout({
      ...shopLines(shop),
      preheader: said,
      heading: subject,
      body,
      footer: html`You asked on our shop to be told when ${a.productName} was back. <a href="${a.unsubscribeUrl}" style="color:${BRAND.cocoaLight};">Unsubscribe</a>.`,
    }),
    headers: unsubscribeHeaders(a.unsubscribeUrl),
  };
}
