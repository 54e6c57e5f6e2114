import { formatPence } from '~/shared/money/money';
import { invoiceNumberText } from '~/shared/trade/trade-invoices';
import { html } from '../mail/html';
import { BRAND, emailLayout } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outgoing-email';

/** The e-mail with a trade customer's new invoice: its number, total, due date and link. */
export function tradeInvoiceEmail(
  shopName: string,
  o: {
    to: string;
    invoice: { number: number; totalPennies: number; dueOn: string; customerName: string };
    link: string;
  },
): OutgoingEmail {
  const number = invoiceNumberText(o.invoice.number);
  const subject = `Invoice ${number} from ${shopName}`;
  const lead = `Thank you for your order. Invoice ${number} for ${o.invoice.customerName} is ${formatPence(o.invoice.totalPennies)}, due by ${o.invoice.dueOn}.`;
  const pay = 'Pay it by card from the link, or by bank transfer quoting the invoice number.';
  const text = [subject, '', lead, '', 'See, print or pay it here:', o.link, '', pay].join('\n');
  const body = html`
<p style="margin:0 0 16px;">${lead}</p>
<p style="margin:0 0 24px;"><a href="${o.link}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">See or pay your invoice</a></p>
<p style="margin:0;">${pay}</p>`;
  return {
    dedupeKey: `trade-invoice:${o.invoice.number}`,
    kind: 'trade-invoice',
    to: o.to,
    subject,
    text,
    html: emailLayout({ shopName, preheader: lead, heading: `Invoice ${number}`, body, footer: pay }),
  };
}
