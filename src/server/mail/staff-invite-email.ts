import { html } from './html';
import { BRAND, emailLayout } from './layout';
import type { OutgoingEmail } from './outgoing-email';

/** The e-mail inviting someone to the back office, with their one-time link to set a password. */
export function staffInviteEmail(
  shopName: string,
  invite: { id: string; to: string; name: string; roleLabel: string; link: string },
): OutgoingEmail {
  const { to, name, roleLabel, link } = invite;
  const subject = `You are invited to the ${shopName} back office`;
  const lead = `Hello ${name}, you are invited to the ${shopName} back office as ${roleLabel}.`;
  const rule = 'The link works once, within 7 days. If you did not expect this, ignore this e-mail.';
  const text = [subject, '', lead, 'Open this link to choose your password:', '', link, '', rule].join('\n');
  const body = html`
<p style="margin:0 0 16px;">${lead}</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Choose your password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${BRAND.cocoaLight};">Or paste this address into your browser: <a href="${link}" style="color:${BRAND.caramelDark};word-break:break-all;">${link}</a></p>
<p style="margin:0;">${rule}</p>`;
  return {
    dedupeKey: `staff-invite:${invite.id}`,
    kind: 'staff-invite',
    to,
    subject,
    text,
    html: emailLayout({
      shopName,
      preheader: 'Choose your password with this link. It works once, within 7 days.',
      heading: 'Join the back office',
      body,
      footer: rule,
    }),
  };
}
