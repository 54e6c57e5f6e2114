import { lineLabel } from '~/shared/boxes/box';
import { formatPence } from '~/shared/money/money';
import { COLLECT_LABEL, dayLabel } from '~/shared/orders/fulfilment';
import type { OrderView } from '~/shared/orders/order-view';
import { ORDER_FLAG_LABELS } from '~/shared/orders/statuses';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { withSlot } from '~/shared/settings/collection-slots';
import { formatBakeDay, formatDateTime } from '~/shared/time/london-time';
import type { Config } from '../config';
import { html } from './html';
import { BRAND, emailLayout } from './layout';
import { paymentRows } from './order-money';
import type { OutgoingEmail } from './outgoing-email';

/** The owner alert's subject: "New order #1a2b3c4d — £30.34". */
export const ownerAlertSubject = (view: Pick<OrderView, 'number' | 'total_pennies'>) =>
  `New order ${view.number} — ${formatPence(view.total_pennies)}`;

/**
 * The owner's "New order" alert for a paid order: what to bake and where it goes, with a link to
 * the order in the back office. Replies go to the customer. Once per order (dedupe key).
 */
export function buildOwnerOrderAlert(
  view: OrderView,
  shop: Config['shop'],
  publicUrl: string,
  to: string,
): OutgoingEmail {
  const adminUrl = `${publicUrl}/admin/orders/${view.id}`;
  const paid = formatDateTime(view.paid_at ?? view.created_at);
  const lines = view.items.map(
    (i) =>
      `${i.quantity} x ${lineLabel(i)} (${formatPence(i.unit_price_pennies)} each)  ${formatPence(i.line_total_pennies)}`,
  );
  const collect = view.fulfilment === 'collection';
  const address = collect
    ? [view.ship.name]
    : [view.ship.name, view.ship.address, view.ship.city, view.ship.postcode];
  const addressHeading = collect ? COLLECT_LABEL : 'Deliver to';
  // A posted order's day is the day it is baked and dispatched (docs/rules/dispatch.md).
  const dayName = view.dispatch ? 'Dispatch day' : dayLabel(view.fulfilment);
  const day =
    view.delivery_date && `${dayName}: ${withSlot(formatBakeDay(view.delivery_date), view.collection_slot)}`;
  const flags = view.flags.map((f) => ORDER_FLAG_LABELS[f]);
  // The owner sees what has been taken as the customer does: a job's deposit alone is not "paid".
  const totals = [...summaryRows(view), ...paymentRows(view)];

  const text = [
    `Order ${view.number} was paid on ${paid}.`,
    ...(day ? [day] : []),
    ...flags.map((f) => `Check this order: ${f}.`),
    '',
    ...lines,
    '',
    ...totals.map((row) => `${row.label}: ${row.amount}`),
    '',
    `${addressHeading}:`,
    ...address,
    `Phone: ${view.ship.phone}`,
    '',
    `Customer: ${view.customer.full_name} <${view.customer.email}>`,
    '',
    `Open the order: ${adminUrl}`,
  ].join('\n');

  const cell = `padding:6px 0;border-bottom:1px solid ${BRAND.dough}`;
  const body = html`<p style="margin:0 0 12px;">Order <strong>${view.number}</strong> was paid on ${paid}.</p>
${view.delivery_date ? html`<p style="margin:0 0 12px;">${dayName}: <strong>${formatBakeDay(view.delivery_date)}</strong></p>` : ''}
${flags.map((f) => html`<p style="margin:0 0 12px;padding:8px 12px;background:#fee2e2;color:#7f1d1d;border-radius:6px;font-weight:bold;">Check this order: ${f}.</p>`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">
${view.items.map(
  (i) => html`<tr><td style="${cell}">${i.quantity} x ${lineLabel(i)}</td>
<td style="${cell};text-align:right;white-space:nowrap;">${formatPence(i.line_total_pennies)}</td></tr>`,
)}
${totals.map(
  (row) => html`<tr><td style="padding:4px 0;${row.total ? 'font-weight:bold;' : ''}">${row.label}</td>
<td style="padding:4px 0;text-align:right;white-space:nowrap;${row.total ? 'font-weight:bold;' : ''}">${row.amount}</td></tr>`,
)}
</table>
<h2 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:18px;">${addressHeading}</h2>
<p style="margin:0 0 16px;">${address.map((part, i) => html`${i ? html`<br>` : ''}${part}`)}<br>Phone: ${view.ship.phone}</p>
<p style="margin:0 0 16px;">Customer: ${view.customer.full_name} &lt;${view.customer.email}&gt;</p>
<p style="margin:0;"><a href="${adminUrl}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Open the order</a></p>`;

  return {
    dedupeKey: `order-alert:${view.id}`,
    kind: 'order-alert',
    to,
    replyTo: view.customer.email,
    subject: ownerAlertSubject(view),
    text,
    html: emailLayout({
      shopName: shop.name,
      preheader: `${lines.length} ${lines.length === 1 ? 'line' : 'lines'} for ${view.ship.city}`,
      heading: `New order ${view.number}`,
      body,
      footer: 'Sent to the shop because an order was paid (ORDER_ALERT_EMAIL).',
    }),
  };
}
