import type { QuoteMoney } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay } from '~/shared/time/london-time';
import { html, multiline } from '../mail/html';
import { BRAND, emailLayout } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outgoing-email';

export interface Shop {
  name: string;
  email: string;
  address?: string | null;
}

const layout = (shop: Shop, heading: string, body: ReturnType<typeof html>, preheader: string) =>
  emailLayout({ shopName: shop.name, shopAddress: shop.address, preheader, heading, body });

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

/** The owner's alert of a new enquiry, with a link to it in the back office. */
export function enquiryAlertEmail(
  shop: Shop,
  publicUrl: string,
  e: { id: string; name: string; email: string; occasion: string; dateWanted: string; quantity: number },
): OutgoingEmail {
  const link = `${publicUrl}/admin/made-to-order/${e.id}`;
  const subject = `Made-to-order enquiry from ${oneLine(e.name)}: ${e.quantity} for ${formatBakeDay(e.dateWanted)}`;
  const text = [
    subject,
    '',
    `Occasion: ${e.occasion}`,
    `Date wanted: ${formatBakeDay(e.dateWanted)}`,
    `Quantity: ${e.quantity}`,
    `From: ${e.name} <${e.email}>`,
    '',
    `See it and send a quote: ${link}`,
  ].join('\n');
  const body = html`<p>${e.name} asks for ${e.quantity} cookies (${e.occasion}) for ${formatBakeDay(e.dateWanted)}.</p>
<p><a href="${link}" style="color:${BRAND.caramelDark};">See the enquiry and send a quote</a></p>`;
  return {
    dedupeKey: `made-to-order:enquiry:${e.id}`,
    kind: 'made-to-order-enquiry',
    to: shop.email,
    replyTo: e.email,
    subject,
    text,
    html: layout(shop, 'New made-to-order enquiry', body, subject),
  };
}

/** The customer's answer when the owner declines an enquiry. */
export function enquiryDeclinedEmail(
  shop: Shop,
  e: { id: string; name: string; email: string; occasion: string },
  message: string,
): OutgoingEmail {
  const subject = `Your ${e.occasion.toLowerCase()} enquiry with ${shop.name}`;
  const text = [`Dear ${e.name},`, '', message, '', `${shop.name}`].join('\n');
  const body = html`<p>Dear ${e.name},</p><div>${multiline(message)}</div>`;
  return {
    dedupeKey: `made-to-order:declined:${e.id}`,
    kind: 'made-to-order-declined',
    to: e.email,
    replyTo: shop.email,
    subject,
    text,
    html: layout(shop, 'About your enquiry', body, message.slice(0, 120)),
  };
}

/** The customer's quote: its total, deposit and balance, and the one link to see and accept it. */
export function quoteEmail(
  shop: Shop,
  publicUrl: string,
  q: {
    id: string;
    token: string;
    name: string;
    email: string;
    occasion: string;
    validUntil: string;
    balanceDueOn: string;
    money: QuoteMoney;
    message: string;
  },
): OutgoingEmail {
  const link = `${publicUrl}/made-to-order/quotes/${q.token}`;
  const { money } = q;
  const subject = `Your quote from ${shop.name}: ${formatPence(money.totalPennies)}`;
  const depositLine =
    money.depositPennies > 0
      ? `Deposit to book the date: ${formatPence(money.depositPennies)}; the balance of ${formatPence(money.balancePennies)} is due by ${formatBakeDay(q.balanceDueOn)}.`
      : `No deposit: the ${formatPence(money.totalPennies)} is due by ${formatBakeDay(q.balanceDueOn)}.`;
  const text = [
    `Dear ${q.name},`,
    '',
    ...(q.message ? [q.message, ''] : []),
    `Total: ${formatPence(money.totalPennies)}`,
    depositLine,
    `The quote is valid until ${formatBakeDay(q.validUntil)}.`,
    '',
    `See your quote and accept it: ${link}`,
  ].join('\n');
  const body = html`<p>Dear ${q.name},</p>
${q.message ? html`<div style="margin:0 0 16px;">${multiline(q.message)}</div>` : ''}
<p style="font-size:18px;"><strong>Total: ${formatPence(money.totalPennies)}</strong></p>
<p>${depositLine}</p>
<p>The quote is valid until ${formatBakeDay(q.validUntil)}.</p>
<p><a href="${link}" style="color:${BRAND.caramelDark};">See your quote and accept it</a></p>`;
  return {
    dedupeKey: `made-to-order:quote:${q.id}`,
    kind: 'made-to-order-quote',
    to: q.email,
    replyTo: shop.email,
    subject,
    text,
    html: layout(shop, `Your ${q.occasion.toLowerCase()} quote`, body, subject),
  };
}

/** The owner's word that a customer accepted or declined a quote. */
export function quoteAnsweredEmail(
  shop: Shop,
  publicUrl: string,
  q: { id: string; enquiryId: string; name: string; email: string; totalPennies: number; accepted: boolean },
): OutgoingEmail {
  const link = `${publicUrl}/admin/made-to-order/${q.enquiryId}`;
  const subject = `${oneLine(q.name)} ${q.accepted ? 'accepted' : 'declined'} your quote of ${formatPence(q.totalPennies)}`;
  const text = [subject, '', `See the enquiry: ${link}`].join('\n');
  const body = html`<p>${subject}.</p><p><a href="${link}" style="color:${BRAND.caramelDark};">See the enquiry</a></p>`;
  return {
    dedupeKey: `made-to-order:answered:${q.id}`,
    kind: 'made-to-order-answered',
    to: shop.email,
    replyTo: q.email,
    subject,
    text,
    html: layout(shop, q.accepted ? 'Quote accepted' : 'Quote declined', body, subject),
  };
}

/**
 * The balance of an accepted job, e-mailed when it falls due (and once more as a reminder): the
 * link opens the hosted payment page for what is still owed. One e-mail per order and kind (the
 * outbox's dedupe key), however often the sweep runs.
 */
export function balanceDueEmail(
  shop: Shop,
  publicUrl: string,
  j: {
    orderId: string;
    orderNumber: string;
    token: string;
    name: string;
    email: string;
    balancePennies: number;
    paidState: string;
    dueOn: string;
    dateWanted: string;
    reminder: boolean;
  },
): OutgoingEmail {
  const link = `${publicUrl}/made-to-order/quotes/${j.token}/pay`;
  const subject = j.reminder
    ? `Reminder: the balance of ${formatPence(j.balancePennies)} for order ${j.orderNumber} is due`
    : `The balance of ${formatPence(j.balancePennies)} for order ${j.orderNumber} is due`;
  const lines = [
    `Hello ${oneLine(j.name)},`,
    '',
    `${j.paidState}. The balance of ${formatPence(j.balancePennies)} is due by ${formatBakeDay(j.dueOn)}, before your cookies on ${formatBakeDay(j.dateWanted)}.`,
    '',
    `Pay the balance: ${link}`,
  ];
  const body = html`<p>Hello ${oneLine(j.name)},</p>
    <p>${j.paidState}. The balance of ${formatPence(j.balancePennies)} is due by ${formatBakeDay(j.dueOn)}, before your cookies on ${formatBakeDay(j.dateWanted)}.</p>
    <p><a href="${link}" style="color:${BRAND.caramelDark};">Pay the balance</a></p>`;
  return {
    dedupeKey: `made-to-order:balance:${j.reminder ? 'reminder' : 'due'}:${j.orderId}`,
    kind: j.reminder ? 'made-to-order-balance-reminder' : 'made-to-order-balance-due',
    to: j.email,
    replyTo: shop.email,
    subject,
    text: lines.join('\n'),
    html: layout(shop, 'Your balance is due', body, subject),
  };
}
