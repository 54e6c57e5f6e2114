import { formatPence } from '~/shared/money/money';
import { creditNoteNumberText } from '~/shared/trade/credit-notes';
import { invoiceNumberText } from '~/shared/trade/trade-invoices';
import { html } from '../mail/html';
import { BRAND, emailLayout } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outgoing-email';

/** The e-mail with a credit note: how much, against which invoice, and what is left to pay. */
export function creditNoteEmail(
  shopName: string,
  o: {
    to: string;
    number: number;
    invoiceNumber: number;
    customerName: string;
    totalPennies: number;
    payBack: boolean;
    owedPennies: number;
    link: string;
  },
): OutgoingEmail {
  const number = creditNoteNumberText(o.number);
  const invoice = invoiceNumberText(o.invoiceNumber);
  const subject = `Credit note ${number} from ${shopName}`;
  const lead = `Credit note ${number} for ${o.customerName} credits ${formatPence(o.totalPennies)} against invoice ${invoice}.`;
  const next = o.payBack
    ? `We are paying ${formatPence(o.totalPennies)} back to you by bank transfer.`
    : o.owedPennies > 0
      ? `Invoice ${invoice} now asks ${formatPence(o.owedPennies)}.`
      : `Invoice ${invoice} has nothing left to pay.`;
  const text = [subject, '', lead, next, '', 'See or print both here:', o.link].join('\n');
  const body = html`
<p style="margin:0 0 16px;">${lead}</p>
<p style="margin:0 0 24px;">${next}</p>
<p style="margin:0;"><a href="${o.link}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">See the invoice and credit note</a></p>`;
  return {
    dedupeKey: `trade-credit-note:${o.number}`,
    kind: 'trade-credit-note',
    to: o.to,
    subject,
    text,
    html: emailLayout({ shopName, preheader: lead, heading: `Credit note ${number}`, body, footer: next }),
  };
}
