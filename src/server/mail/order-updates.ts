import { cancelledPaidText, giftCardNowHolds } from '~/shared/gift-cards/gift-card-refund-texts';
import { formatPence } from '~/shared/money/money';
import { dayLabel } from '~/shared/orders/fulfilment';
import type { OrderGiftCardRefundView, OrderView } from '~/shared/orders/order-view';
import { withSlot } from '~/shared/settings/collection-slots';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Config } from '../config';
import { html } from './html';
import { BRAND, emailLayout, shopLines } from './layout';
import { giftLine, giftRecipient, greetingFor } from './order-greeting';
import { orderMoney } from './order-money';
import type { OutgoingEmail } from './outgoing-email';

/** The e-mails an order sends its customer after the confirmation. */
export type OrderUpdateKind =
  | 'baking'
  | 'shipped'
  | 'ready-to-collect'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  /** The rest of an order paid in parts (a made-to-order job's balance) was taken. */
  | 'paid-in-full'
  /** After delivery or collection: rate each cookie; one per order. */
  | 'review-invite';

/** Where and when customers collect, as the owner set it in Settings. */
export interface CollectionPoint {
  address: string;
  hours: string;
}

export interface OrderUpdate {
  kind: OrderUpdateKind;
  /**
   * For `refunded`: the refund this e-mail is about (one e-mail per refund), with what of it went
   * back on gift cards and the cards' balances now.
   */
  refund?: {
    id: string;
    amount_pennies: number;
    gift_card_pennies?: number;
    gift_cards?: OrderGiftCardRefundView[];
  };
  /** For `ready-to-collect`: where and when. */
  collection?: CollectionPoint;
}

function wording(u: OrderUpdate, view: OrderView): { subject: string; heading: string; lines: string[] } {
  const n = view.number;
  const collect = view.fulfilment === 'collection';
  const recipient = giftRecipient(view);
  switch (u.kind) {
    case 'baking':
      return {
        subject: `Your order ${n} is in the oven`,
        heading: 'Your cookies are baking',
        lines: [
          collect
            ? 'We have started baking your order. We will let you know when it is ready to collect.'
            : 'We have started baking your order. We will let you know when it is on its way.',
        ],
      };
    case 'ready-to-collect':
      return {
        subject: `Your order ${n} is ready to collect`,
        heading: 'Your cookies are ready to collect',
        lines: [
          'Your order is ready. Please collect it from the bakery:',
          ...(u.collection
            ? [u.collection.address, `Opening hours for collection: ${u.collection.hours}`]
            : []),
          `Please bring your order number, ${n}.`,
        ],
      };
    case 'shipped': {
      const code = view.delivery?.tracking_code;
      return {
        subject: `Your order ${n} is on its way`,
        heading: 'Your cookies are on their way',
        lines: [
          recipient ? `Your gift for ${recipient} has left the bakery.` : 'Your order has left the bakery.',
          ...(code ? [`Tracking code: ${code}`] : []),
          ...(view.delivery?.tracking_url ? [`Track it: ${view.delivery.tracking_url}`] : []),
        ],
      };
    }
    case 'delivered':
      return collect
        ? {
            subject: `Your order ${n} has been collected`,
            heading: 'Thank you for collecting your cookies',
            lines: ['Your order has been collected. Enjoy your cookies!'],
          }
        : {
            subject: `Your order ${n} has been delivered`,
            heading: 'Your cookies have arrived',
            lines: [
              recipient
                ? `Your gift has been delivered to ${recipient}. We hope they enjoy it!`
                : 'Your order has been delivered. Enjoy your cookies!',
            ],
          };
    case 'cancelled':
      return {
        subject: `Your order ${n} has been cancelled`,
        heading: 'Your order has been cancelled',
        lines: [
          view.paid_at
            ? cancelledPaidText(view)
            : 'Your order has been cancelled. You have not been charged.',
        ],
      };
    case 'refunded':
      return {
        subject: `Refund for your order ${n}`,
        heading: 'We have refunded you',
        lines: refundedLines(u, view),
      };
    case 'paid-in-full':
      return {
        subject: `Your order ${n} is paid in full`,
        heading: 'Paid in full',
        lines: [`Thank you: we have received your payment, and order ${n} is paid in full.`],
      };
    case 'review-invite':
      return {
        subject: `How were your cookies? (order ${n})`,
        heading: 'How were your cookies?',
        lines: [
          'We hope you enjoyed them. Would you rate each cookie from 1 to 5 stars? A line about what you liked (or did not) helps other customers choose, and helps us bake better.',
          'Only customers who bought a cookie can review it, and we show every review we approve, good or bad.',
        ],
      };
  }
}

/** Where a refund went: the bank card (5-10 working days), gift cards (at once, with their balances), or both. */
function refundedLines(u: OrderUpdate, view: OrderView): string[] {
  const n = view.number;
  const amount = u.refund?.amount_pennies ?? view.refunded_pennies;
  const toGiftCards = Math.min(u.refund?.gift_card_pennies ?? 0, amount);
  const toCard = amount - toGiftCards;
  const bankDays = 'Refunds to a bank card usually reach your account within 5 to 10 working days.';
  const balances = (u.refund?.gift_cards ?? []).map(giftCardNowHolds);
  if (toGiftCards === 0) {
    return [`We have refunded ${formatPence(amount)} to your card for order ${n}.`, bankDays];
  }
  if (toCard === 0) {
    return [`We have put ${formatPence(amount)} back on your gift card for order ${n}.`, ...balances];
  }
  return [
    `We have refunded ${formatPence(amount)} for order ${n}: ${formatPence(toGiftCards)} back on your gift card and ${formatPence(toCard)} to your card.`,
    ...balances,
    bankDays,
  ];
}

/** A short e-mail about a change to a customer's order, linking to the order's page. */
export function buildOrderUpdate(
  u: OrderUpdate,
  view: OrderView,
  shop: Config['shop'] & { traderLine?: string },
  publicUrl: string,
): OutgoingEmail {
  const { subject, heading, lines: said } = wording(u, view);
  // Every e-mail about an order names its delivery (or collection) day, and a gift its recipient.
  // A posted order's day is its dispatch day: "Dispatched Tuesday 1 December, usually with you in 2-3 days."
  const invite = u.kind === 'review-invite';
  const day = invite
    ? null
    : view.dispatch
      ? `${view.dispatch}.`
      : view.delivery_date &&
        `${dayLabel(view.fulfilment)}: ${withSlot(formatBakeDay(view.delivery_date), view.collection_slot)}.`;
  const recipient = giftRecipient(view);
  const namesRecipient = recipient !== null && said.some((line) => line.includes(recipient));
  const lines = [
    ...said,
    ...(recipient && !namesRecipient ? [giftLine(recipient)] : []),
    ...(day ? [day] : []),
  ];
  const orderUrl = `${publicUrl}/account/orders/${view.id}${invite ? '/review' : ''}`;
  const button = invite ? 'Review your cookies' : 'View your order';
  const greeting = greetingFor(view);
  // A review invitation is about the cookies, not the money.
  const money = invite ? { text: [], html: html`` } : orderMoney(view);
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...money.text,
    '',
    `${invite ? 'Review your cookies' : 'See your order'}: ${orderUrl}`,
    '',
    `Thank you for choosing ${shop.name}`,
  ].join('\n');
  const body = html`<p style="margin:0 0 12px;">${greeting}</p>
${lines.map((l) => html`<p style="margin:0 0 12px;">${l}</p>`)}
${money.html}
<p style="margin:20px 0;"><a href="${orderUrl}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${button}</a></p>
<p style="margin:0;">Questions? Reply to this e-mail or write to <a href="mailto:${shop.email}" style="color:${BRAND.caramelDark};">${shop.email}</a>.</p>`;
  return {
    dedupeKey: `order-${u.kind}:${u.refund?.id ?? view.id}`,
    kind: `order-${u.kind}`,
    to: view.customer.email,
    replyTo: shop.email,
    subject,
    text,
    html: emailLayout({
      ...shopLines(shop),
      preheader: lines[0] ?? heading,
      heading,
      body,
      footer: `You are receiving this e-mail because you placed order ${view.number} in our online shop.`,
    }),
  };
}
