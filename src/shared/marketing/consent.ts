/**
 * Marketing consent (decision 081): where a customer can give or withdraw it, and the exact words
 * each place shows. The words are stored with every record, so changing them here never changes
 * what an earlier customer agreed to.
 */
export const CONSENT_SOURCES = ['sign-up', 'checkout', 'account', 'unsubscribe'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The unticked box at sign-up and at checkout, and the account page's "yes" button. */
export const CONSENT_OPT_IN =
  'Yes, e-mail me news and offers about our cookies, and one reminder if I leave cookies in my basket. I can stop these e-mails at any time.';

/** The account page's button that withdraws consent. */
export const CONSENT_WITHDRAW_ACCOUNT = 'Stop marketing e-mails';

/** The unsubscribe page's button (the link in every marketing e-mail). */
export const CONSENT_WITHDRAW_LINK = 'Unsubscribe from marketing e-mails';

/** What a mail program's one-click unsubscribe (RFC 8058) stands for: it shows the customer no words of ours. */
export const CONSENT_WITHDRAW_ONE_CLICK =
  'One-click unsubscribe in the e-mail program (List-Unsubscribe-Post)';

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  'sign-up': 'When signing up',
  checkout: 'At checkout',
  account: 'On your account page',
  unsubscribe: 'Unsubscribe link in an e-mail',
};

/** One record of the consent log, as the account page and the data export show it. */
export interface ConsentRecord {
  given: boolean;
  wording: string;
  source: ConsentSource;
  at: string;
}

/** How long a signed-in customer's basket waits untouched before its one reminder. */
export const BASKET_REMINDER_HOURS = 24;
