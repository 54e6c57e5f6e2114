import { randomUUID } from 'node:crypto';
import { html } from './html';
import { BRAND, emailLayout } from './layout';
import type { OutgoingEmail } from './outgoing-email';

/** How long a reset link works, in seconds (better-auth's resetPasswordTokenExpiresIn). */
export const RESET_LINK_SECONDS = 60 * 60;

/** The e-mail with a single-use link to set a new password. */
export function passwordResetEmail(shopName: string, to: string, link: string): OutgoingEmail {
  const subject = `Reset your ${shopName} password`;
  const text = [
    subject,
    '',
    'Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link works once, within one hour. After the change, every other device signed in to your account is signed out.',
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const body = html`
<p style="margin:0 0 16px;">Someone (we hope you) asked to reset the password of your account. Choose a new one here:</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:${BRAND.caramelDark};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Choose a new password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${BRAND.cocoaLight};">Or paste this address into your browser: <a href="${link}" style="color:${BRAND.caramelDark};word-break:break-all;">${link}</a></p>
<p style="margin:0;">The link works once, within one hour. After the change, every other device signed in to your account is signed out.</p>`;
  return {
    // Each request is its own e-mail; the token is not reused as a key.
    dedupeKey: `password-reset:${randomUUID()}`,
    kind: 'password-reset',
    to,
    subject,
    text,
    html: emailLayout({
      shopName,
      preheader: 'Choose a new password with this link. It works once, within one hour.',
      heading: 'Reset your password',
      body,
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    }),
  };
}
