import { asc, eq } from 'drizzle-orm';
import { formatPence } from '~/shared/money';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { orderItems, orders, profiles } from '../db/schema';
import type { OutgoingEmail } from './mail-service';

const escapeText = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The order-confirmation e-mail for a paid order (text and HTML), read inside the caller's
 * transaction; null when the order does not exist. The dedupe key makes it go out once per order.
 */
export async function buildOrderConfirmation(
  tx: Db | Tx,
  shop: Config['shop'],
  orderId: string,
): Promise<OutgoingEmail | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      subtotal: orders.subtotalPennies,
      delivery: orders.deliveryFeePennies,
      total: orders.totalPennies,
      shipName: orders.shipName,
      shipAddress: orders.shipAddress,
      shipCity: orders.shipCity,
      shipPostcode: orders.shipPostcode,
      email: profiles.email,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const lines = await tx
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unit: orderItems.unitPricePennies,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));

  const number = order.id.slice(0, 8);
  const address = [order.shipName, order.shipAddress, order.shipCity, order.shipPostcode];
  const text = [
    `Thank you for your order! We have received your payment and your cookies are being prepared.`,
    '',
    `Order number: ${number}`,
    '',
    ...lines.map((l) => `${l.quantity} x ${l.name}  ${formatPence(l.unit * l.quantity)}`),
    '',
    `Subtotal: ${formatPence(order.subtotal)}`,
    `Delivery: ${formatPence(order.delivery)}`,
    `Total: ${formatPence(order.total)}`,
    '',
    'Delivering to:',
    ...address,
    '',
    `You can follow your order on your account page. Questions? Reply to this e-mail or write to ${shop.email}.`,
    '',
    shop.name,
  ].join('\n');

  const row = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:4px 0">${bold ? `<strong>${escapeText(label)}</strong>` : escapeText(label)}</td>` +
    `<td style="padding:4px 0;text-align:right">${bold ? `<strong>${value}</strong>` : value}</td></tr>`;
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#4a2c17">
<h1 style="font-size:22px">Thank you for your order!</h1>
<p>We have received your payment and your cookies are being prepared.</p>
<p>Order number: <strong>${escapeText(number)}</strong></p>
<table role="presentation" style="width:100%;max-width:480px;border-collapse:collapse">
${lines.map((l) => row(`${l.quantity} x ${l.name}`, formatPence(l.unit * l.quantity))).join('\n')}
${row('Subtotal', formatPence(order.subtotal))}
${row('Delivery', formatPence(order.delivery))}
${row('Total', formatPence(order.total), true)}
</table>
<p><strong>Delivering to:</strong><br>${address.map(escapeText).join('<br>')}</p>
<p>You can follow your order on your account page. Questions? Reply to this e-mail or write to
<a href="mailto:${escapeText(shop.email)}">${escapeText(shop.email)}</a>.</p>
<p>${escapeText(shop.name)}</p>
</body></html>`;

  return {
    dedupeKey: `order-confirmation:${order.id}`,
    kind: 'order-confirmation',
    to: order.email,
    replyTo: shop.email,
    subject: `Your ${shop.name} order ${number} is confirmed`,
    text,
    html,
  };
}
