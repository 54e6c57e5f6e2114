import { lineLabel } from '~/shared/boxes/box';
import { giftCardsSentTexts, onlyGiftCards } from '~/shared/gift-cards/gift-card-sent-texts';
import { termsPath } from '~/shared/legal/terms-links';
import { formatPence } from '~/shared/money/money';
import { CANCEL_NOTICE } from '~/shared/orders/cancellation';
import { COLLECT_LABEL, dayLabel } from '~/shared/orders/fulfilment';
import type { OrderView } from '~/shared/orders/order-view';
import { summaryRows, vatRows } from '~/shared/pricing/summary-rows';
import { withSlot } from '~/shared/settings/collection-slots';
import { formatBakeDay, formatLongDate } from '~/shared/time/london-time';
import type { Config } from '../config';
import { html, type SafeHtml } from './html';
import { BRAND, emailLayout, shopLines } from './layout';
import { giftLine, giftRecipient, greetingFor } from './order-greeting';
import { paymentRows } from './order-money';
import type { OutgoingEmail } from './outgoing-email';

/**
 * The order-confirmation e-mail for a paid order (text and HTML), from the order's view. The
 * dedupe key makes it go out once per order. `publicUrl` (the site's address) adds a link to the
 * order's page.
 */
export function buildOrderConfirmation(
  view: OrderView,
  shop: Config['shop'] & { traderLine?: string },
  publicUrl?: string,
): OutgoingEmail {
  const order = {
    id: view.id,
    email: view.customer.email,
    paidAt: view.paid_at,
    createdAt: view.created_at,
    total: view.total_pennies,
  };
  const lines = view.items.map((i) => ({
    name: lineLabel(i),
    quantity: i.quantity,
    unit: i.unit_price_pennies,
  }));
  const number = view.number;
  const date = formatLongDate(order.paidAt ?? order.createdAt);
  const deliveryDay = view.delivery_date
    ? withSlot(formatBakeDay(view.delivery_date), view.collection_slot)
    : null;
  const greeting = greetingFor(view);
  const recipient = giftRecipient(view);
  const giftSays = recipient
    ? [`${giftLine(recipient)} We will deliver it to them at the address below.`]
    : [];
  // Gift cards only (decision 047): the e-mail says who each card goes to and when, not cookies
  // being prepared or an address of the buyer's.
  const cards = onlyGiftCards(view.items);
  const cardsSent = giftCardsSentTexts(view.items);
  const partPaid = view.paid_state !== null && view.paid_at === null;
  const received = cards
    ? 'We have received your payment. Each gift card goes by e-mail to its recipient, with your message and its code:'
    : partPaid
      ? 'We have received your deposit and your order is booked.'
      : 'We have received your payment and your cookies are being prepared.';
  const collect = view.fulfilment === 'collection';
  // A collection has no address: the e-mail says it is collected, and when it is ready says where.
  const address = collect
    ? [`${COLLECT_LABEL}: we will e-mail you when it is ready to collect.`]
    : [view.ship.name, view.ship.address, view.ship.city, view.ship.postcode];
  const addressHeading = collect ? 'Collection' : 'Delivering to';
  const dayName = dayLabel(view.fulfilment);
  const accountUrl = publicUrl ? `${publicUrl}/account/orders/${view.id}` : undefined;
  // What has been paid, in the order pages' words: a job's deposit alone is "Deposit paid £60.00 of £120.00".
  const totals = [...summaryRows(view), ...paymentRows(view)];
  const vat = vatRows(view.vat, shop.vatNumber);
  // The durable record of what the customer agreed to: that version's permanent page.
  const termsUrl = view.terms_version ? `${publicUrl ?? ''}${termsPath(view.terms_version)}` : null;
  const termsSays = termsUrl
    ? `The terms of sale you agreed to (version ${view.terms_version}): ${termsUrl}`
    : null;

  const text = [
    greeting,
    '',
    `Thank you for your order! ${received}`,
    ...cardsSent,
    ...giftSays,
    ...(cards ? [] : [CANCEL_NOTICE]),
    '',
    `Order number: ${number}`,
    `Order date: ${date}`,
    ...(view.dispatch ? [view.dispatch] : deliveryDay ? [`${dayName}: ${deliveryDay}`] : []),
    '',
    ...lines.map(
      (l) => `${l.quantity} x ${l.name} (${formatPence(l.unit)} each)  ${formatPence(l.unit * l.quantity)}`,
    ),
    '',
    ...[...totals, ...vat].map((row) => `${row.label}: ${row.amount}`),
    '',
    ...(cards ? [] : [`${addressHeading}:`, ...address, '']),
    accountUrl
      ? `Follow your order on your account page: ${accountUrl}`
      : 'You can follow your order on your account page.',
    `Questions? Reply to this e-mail or write to ${shop.email}.`,
    ...(termsSays ? [termsSays] : []),
    '',
    `Thank you for choosing ${shop.name}`,
    ...(shop.address ? [shop.address] : []),
    ...(shop.traderLine ? [shop.traderLine] : []),
  ].join('\n');

  const cell = `padding:8px 0;border-bottom:1px solid ${BRAND.dough}`;
  const body = html`
<p style="margin:0 0 12px;">${greeting}</p>
<p style="margin:0 0 20px;">${received}${cards ? '' : ' Here is what you ordered.'}</p>
${cardsSent.length > 0 ? html`<ul style="margin:0 0 20px;padding-left:20px;">${cardsSent.map((line) => html`<li>${line}</li>`)}</ul>` : ''}
${giftSays.map((line) => html`<p style="margin:0 0 20px;">${line}</p>`)}
${cards ? '' : html`<p style="margin:0 0 20px;">${CANCEL_NOTICE}</p>`}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;background:${BRAND.cream};border-radius:6px;">
<tr><td style="padding:12px 16px;"><span style="color:${BRAND.cocoaLight};font-size:14px;white-space:nowrap;">Order number</span><br><strong>${number}</strong></td>
<td style="padding:12px 16px;text-align:right;"><span style="color:${BRAND.cocoaLight};font-size:14px;white-space:nowrap;">Order date</span><br><strong>${date}</strong></td></tr>
${
  view.dispatch
    ? html`<tr><td colspan="2" style="padding:0 16px 12px;"><strong>${view.dispatch}</strong></td></tr>`
    : deliveryDay
      ? html`<tr><td colspan="2" style="padding:0 16px 12px;"><span style="color:${BRAND.cocoaLight};font-size:14px;">${dayName}</span><br><strong>${deliveryDay}</strong></td></tr>`
      : ''
}
</table>
<h2 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:18px;">${cards ? 'Your order' : 'Your cookies'}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;font-size:15px;">
${lines.map(
  (
    l,
  ) => html`<tr><td style="${cell}">${l.quantity} x ${l.name}<br><span style="color:${BRAND.cocoaLight};font-size:13px;">${formatPence(l.unit)} each</span></td>
<td style="${cell};text-align:right;vertical-align:top;white-space:nowrap;">${formatPence(l.unit * l.quantity)}</td></tr>`,
)}
${totals.map((row) => totalRow(row.label, row.amount, !!row.total))}
${vat.map((row) => html`<tr><td style="padding:2px 0;font-size:13px;color:${BRAND.cocoaLight};">${row.label}</td><td style="padding:2px 0;font-size:13px;color:${BRAND.cocoaLight};text-align:right;white-space:nowrap;">${row.amount}</td></tr>`)}
</table>
${
  cards
    ? ''
    : html`<h2 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:18px;">${addressHeading}</h2>
<p style="margin:0 0 20px;">${address.map((part, i) => html`${i ? html`<br>` : ''}${part}`)}</p>`
}
${
  accountUrl
    ? html`<p style="margin:0 0 20px;"><a href="${accountUrl}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">View your order</a></p>`
    : html`<p style="margin:0 0 20px;">You can follow your order on your account page.</p>`
}
<p style="margin:0;">Questions? Reply to this e-mail or write to <a href="mailto:${shop.email}" style="color:${BRAND.caramelDark};">${shop.email}</a>.</p>
${termsUrl ? html`<p style="margin:12px 0 0;font-size:14px;">The terms of sale you agreed to: <a href="${termsUrl}" style="color:${BRAND.caramelDark};">version ${String(view.terms_version)}</a>.</p>` : ''}`;

  return {
    dedupeKey: `order-confirmation:${order.id}`,
    kind: 'order-confirmation',
    to: order.email,
    replyTo: shop.email,
    subject: `Your ${shop.name} order ${number} is confirmed`,
    text,
    html: emailLayout({
      ...shopLines(shop),
      preheader: `Order ${number}: ${formatPence(order.total)}. ${cards ? (cardsSent[0] ?? '') : 'Your cookies are being prepared.'}`,
      heading: 'Thank you for your order!',
      body,
      footer: `You are receiving this e-mail because you placed order ${number} in our online shop.`,
    }),
  };
}

function totalRow(label: string, amount: string, strong: boolean): SafeHtml {
  const style = `padding:6px 0;${strong ? 'font-size:17px;font-weight:bold;' : ''}`;
  return html`<tr><td style="${style}">${label}</td><td style="${style}text-align:right;white-space:nowrap;">${amount}</td></tr>`;
}
