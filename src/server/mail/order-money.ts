import { lineLabel } from '~/shared/boxes/box';
import { formatPence } from '~/shared/money/money';
import type { OrderView } from '~/shared/orders/order-view';
import { formatDeduction, type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { html, type SafeHtml } from './html';
import { BRAND } from './layout';

/**
 * What has been paid of the order, as a row under its total in every order e-mail, labelled and
 * worded as the order pages say it (order-header.tsx, `paid_state` from `paidStateText`):
 * "Deposit paid £60.00 of £120.00", "Paid in full". None while nothing has been taken.
 */
export const paymentRows = (view: Pick<OrderView, 'paid_state'>): SummaryRow[] =>
  view.paid_state ? [{ label: 'Payment', amount: view.paid_state }] : [];

/**
 * What the order is and costs, for the e-mails that follow the confirmation (baking, shipped,
 * delivered, cancelled...): its lines, Subtotal to Total, what was refunded, and what has been
 * paid of it (the order pages' own words: "Deposit paid £60.00 of £120.00", "Paid in full"). A
 * customer reading one of them should not have to look the confirmation up to know which order it is.
 */
export function orderMoney(view: OrderView): { text: string[]; html: SafeHtml } {
  const lines = view.items.map((i) => ({
    label: `${i.quantity} x ${lineLabel(i)}`,
    amount: formatPence(i.quantity * i.unit_price_pennies),
  }));
  const rows = summaryRows(view);
  if (view.refunded_pennies > 0)
    rows.push({ label: 'Refunded', amount: formatDeduction(view.refunded_pennies) });
  rows.push(...paymentRows(view));
  const text = ['Your order:', ...[...lines, ...rows].map((r) => `${r.label}: ${r.amount}`)];
  const cell = 'padding:4px 0;';
  const row = (label: string, amount: string, strong = false) =>
    html`<tr><td style="${cell}${strong ? 'font-weight:bold;' : ''}">${label}</td><td style="${cell}text-align:right;white-space:nowrap;${strong ? 'font-weight:bold;' : ''}">${amount}</td></tr>`;
  const table = html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;border-top:1px solid ${BRAND.dough};">
${lines.map((l) => row(l.label, l.amount))}
${rows.map((r) => row(r.label, r.amount, !!r.total))}
</table>`;
  return { text, html: table };
}
