import { groupGiftCardCode } from '~/shared/gift-cards/gift-card-code';
import { formatPence } from '~/shared/money/money';
import { formatLongDate } from '~/shared/time/london-time';
import { html, multiline } from './html';
import { BRAND, emailLayout } from './layout';
import type { OutgoingEmail } from './outgoing-email';

export interface GiftCardEmailInput {
  cardId: string;
  code: string;
  pennies: number;
  expiresAt: Date;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** Who bought it, as their account names them. */
  from: string;
  /** When the e-mail this one replaces was sent (a resend: that e-mail's code no longer works). */
  replacesSentAt?: Date | null;
}

/** The outbox key of a bought card's e-mail: one per card, written again with a new code to resend it (decision 064). */
export const giftCardEmailKey = (cardId: string) => `gift-card:${cardId}`;

/**
 * A bought gift card's e-mail to its recipient (decision 047): the amount, the buyer's message, the
 * code, where to spend it and when it expires. The code is in this e-mail only, until it is
 * delivered (then the outbox masks it): the shop keeps its hash.
 */
export function giftCardEmail(
  shop: { name: string; address?: string | null },
  publicUrl: string,
  g: GiftCardEmailInput,
): OutgoingEmail {
  const amount = formatPence(g.pennies);
  const code = groupGiftCardCode(g.code);
  const expires = formatLongDate(g.expiresAt);
  const subject = `${g.from} sent you a ${amount} ${shop.name} gift card`;
  const shopUrl = `${publicUrl}/shop`;
  const balanceUrl = `${publicUrl}/gift-cards`;
  const replaces = g.replacesSentAt
    ? `This e-mail replaces the one sent on ${formatLongDate(g.replacesSentAt)}: the code in that one no longer works.`
    : null;
  const text = [
    `Hello ${g.recipientName},`,
    '',
    `${g.from} sent you a ${amount} gift card for ${shop.name}.`,
    ...(replaces ? ['', replaces] : []),
    ...(g.message ? ['', g.message] : []),
    '',
    `Your gift card code: ${code}`,
    `Amount: ${amount}`,
    `Expires: ${expires}`,
    '',
    `Spend it at ${shopUrl}: at checkout, type the code under "Gift card". It can be spent over several orders.`,
    `Check its balance at ${balanceUrl}.`,
  ].join('\n');
  const body = html`
<p style="margin:0 0 16px;">Hello ${g.recipientName},</p>
<p style="margin:0 0 16px;">${g.from} sent you a <strong>${amount}</strong> gift card for ${shop.name}.</p>
${replaces ? html`<p style="margin:0 0 16px;">${replaces}</p>` : ''}
${g.message ? html`<p style="margin:0 0 16px;padding:12px 16px;background:${BRAND.cream};border-left:4px solid ${BRAND.crumb};">${multiline(g.message)}</p>` : ''}
<p style="margin:0 0 8px;">Your gift card code:</p>
<p style="margin:0 0 16px;font-family:'Courier New',monospace;font-size:22px;font-weight:bold;letter-spacing:1px;">${code}</p>
<p style="margin:0 0 16px;">Amount: ${amount}<br>Expires: ${expires}</p>
<p style="margin:0 0 16px;"><a href="${shopUrl}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Choose your cookies</a></p>
<p style="margin:0;">At checkout, type the code under “Gift card”. It can be spent over several orders; check its balance at <a href="${balanceUrl}" style="color:${BRAND.caramelDark};">${balanceUrl}</a>.</p>`;
  return {
    dedupeKey: giftCardEmailKey(g.cardId),
    kind: 'gift-card',
    to: g.recipientEmail,
    subject,
    text,
    html: emailLayout({
      shopName: shop.name,
      shopAddress: shop.address,
      preheader: `A ${amount} gift card from ${g.from}, to spend on cookies.`,
      heading: `A ${amount} gift card for you`,
      body,
      footer: `Keep this e-mail: the code is the gift card. It expires on ${expires}.`,
    }),
  };
}
