/** The outbox's statuses as the back office names them ('pending' is shown as "Queued"). */
export const EMAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Queued',
  sent: 'Sent',
  logged: 'Logged',
  failed: 'Failed',
};

/** What each status means to the owner, for the E-mails page. */
export const EMAIL_STATUS_HINTS: Record<EmailStatus, string> = {
  pending: 'waiting to be sent (retried with back-off after an error)',
  sent: 'accepted by the mail server',
  logged: 'not sent: no SMTP_URL is set, so it is only kept here and in the log',
  failed: 'gave up after repeated errors; resend it once the problem is fixed',
};

/** Labels for the kinds of e-mail the shop sends; anything else shows its raw kind. */
const KIND_LABELS: Record<string, string> = {
  contact: 'Contact message',
  'password-reset': 'Password reset',
  'staff-invite': 'Back-office invitation',
  'order-confirmation': 'Order confirmation',
  'order-alert': 'New order alert',
  'order-baking': 'Order baking',
  'order-shipped': 'Order shipped',
  'order-delivered': 'Order delivered',
  'order-cancelled': 'Order cancelled',
  'order-refunded': 'Order refunded',
  'basket-reminder': 'Basket reminder',
  'back-in-stock': 'Back in stock',
  'trade-invoice': 'Trade invoice',
};

export const emailKindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** One e-mail in the back office's list. */
export interface AdminEmailView {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the worker will next try a queued e-mail. */
  next_attempt_at: string;
}

/** One e-mail with its content, to read it. */
export interface AdminEmailDetail extends AdminEmailView {
  reply_to: string | null;
  /** Extra headers it carries, e.g. List-Unsubscribe (RFC 8058). */
  headers: Record<string, string>;
  text: string;
  html: string;
}
