import { formatDateTime } from '~/shared/time/london-time';
import { html, multiline } from './html';
import { BRAND, emailLayout } from './layout';
import type { OutgoingEmail } from './outgoing-email';

export interface ContactEmailInput {
  messageId: string;
  name: string;
  email: string;
  message: string;
  receivedAt: Date;
}

/** The e-mail a visitor's message sends to the shop's inbox; replying answers the visitor. */
export function contactEmail(
  shop: { name: string; email: string; address?: string | null },
  input: ContactEmailInput,
): OutgoingEmail {
  // A name is one line in a subject: a newline there could start a new header in careless clients.
  const oneLineName = input.name.replace(/\s+/g, ' ');
  const subject = `New contact message from ${oneLineName}`;
  const received = formatDateTime(input.receivedAt);
  const text = [
    `${subject}`,
    '',
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Received: ${received}`,
    '',
    input.message,
    '',
    '--',
    `Reply to this e-mail to answer ${oneLineName}. Sent from the contact form on the ${shop.name} website.`,
  ].join('\n');

  const body = html`
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">
<tr><td style="padding:2px 16px 2px 0;color:${BRAND.cocoaLight};">Name</td><td style="padding:2px 0;">${input.name}</td></tr>
<tr><td style="padding:2px 16px 2px 0;color:${BRAND.cocoaLight};">Email</td><td style="padding:2px 0;"><a href="mailto:${input.email}" style="color:${BRAND.caramelDark};">${input.email}</a></td></tr>
<tr><td style="padding:2px 16px 2px 0;color:${BRAND.cocoaLight};">Received</td><td style="padding:2px 0;">${received}</td></tr>
</table>
<div style="padding:16px;background:${BRAND.cream};border-left:4px solid ${BRAND.caramelDark};border-radius:4px;white-space:normal;">${multiline(input.message)}</div>`;

  return {
    dedupeKey: `contact:${input.messageId}`,
    kind: 'contact',
    to: shop.email,
    replyTo: input.email,
    subject,
    text,
    html: emailLayout({
      shopName: shop.name,
      shopAddress: shop.address,
      preheader: input.message.slice(0, 120),
      heading: `New message from ${oneLineName}`,
      body,
      footer: `Reply to this e-mail to answer ${oneLineName}. Sent from the contact form.`,
    }),
  };
}
