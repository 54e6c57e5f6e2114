import { formatBakeDay } from '~/shared/time/london-time';
import { notMadeSubject } from '~/shared/trade/standing-orders';
import { html } from '../mail/html';
import { BRAND, emailLayout } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outgoing-email';

/** A standing order's day could not be made: why, and where to see it (the café's and the shop's copy). */
export function standingOrderNotMadeEmail(
  shopName: string,
  o: { to: string; runId: string; businessName: string; date: string; reason: string; link: string },
): OutgoingEmail {
  const subject = notMadeSubject(o.businessName, o.date);
  const lead = `The standing order of ${o.businessName} for ${formatBakeDay(o.date)} was not made: ${o.reason}`;
  const next = 'Nothing was ordered or charged for that day. The standing order goes on for its other days.';
  const text = [subject, '', lead, '', next, '', 'See the standing order:', o.link].join('\n');
  const body = html`
<p style="margin:0 0 16px;">${lead}</p>
<p style="margin:0 0 24px;">${next}</p>
<p style="margin:0;"><a href="${o.link}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">See the standing order</a></p>`;
  return {
    dedupeKey: `standing-not-made:${o.runId}:${o.to}`,
    kind: 'standing-order-not-made',
    to: o.to,
    subject,
    text,
    html: emailLayout({ shopName, preheader: lead, heading: 'Standing order not made', body, footer: next }),
  };
}
